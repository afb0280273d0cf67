/** The error banner of the sign-in and password pages: a refusal from the server, announced when it appears. */
export function ErrorBanner({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <div role="alert" data-testid={testId} className="mb-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      {message}
    </div>
  );
}
