export default function AdminRoutes() {
  return <h1>Admin Dashboard</h1>;
}
