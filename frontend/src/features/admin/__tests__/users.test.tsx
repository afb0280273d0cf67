import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/lib/types';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, screen, waitFor, within } from '@/testing/test-utils';
import { deleteRefusal, SELF_DELETE_REFUSED, validateUserForm } from '../users/user-form';
import { ADMIN_ID, adminUser, currentUrl, paramsOf, recordJson, renderAdmin, serveList, type ListReply } from './helpers';

beforeAll(async () => {
  await import('../AdminRoutes');
  await import('../users/components/UsersPage');
});

const me = adminUser();
const amina = makeUser({ _id: 'u-amina', name: 'Amina Hassan', email: 'amina@example.com', phone: '252615551234', role: 'user' });
const omar = makeUser({ _id: 'u-omar', name: 'Omar Nur', email: 'omar@shop.so', phone: '252617770000', role: 'admin' });

/** GET /api/users: the given rows (all three by default); returns every request's query. */
function serveUsers(reply: (query: URLSearchParams) => ListReply<User> = () => ({ rows: [me, amina, omar] })) {
  return serveList<User>('/api/users', reply);
}

const firstPage = { page: '1', limit: '20' };
const names = () => screen.getAllByTestId('user-row').map((r) => r.querySelector('p')?.textContent);

describe('admin users: table', () => {
  it("asks for the first page and highlights the admin's own row with '(You)' and no Delete button", async () => {
    const served = serveUsers();
    renderAdmin('/admin/users');
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('user-row');
    expect(served.map(paramsOf)).toEqual([firstPage]);
    expect(rows).toHaveLength(3);
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    const mine = rows[0];
    expect(within(mine).getByText('(You)')).toBeInTheDocument();
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(mine).toHaveClass('bg-brand-50');
    expect(within(mine).getByRole('button', { name: 'Edit Sahra Admin' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    expect(within(rows[1]).queryByText('(You)')).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Delete Amina Hassan' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Customer')).toBeInTheDocument();
    expect(within(rows[1]).getByText('A')).toBeInTheDocument();
    expect(within(rows[1]).getByText('+252 61 555 1234')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Admin')).toBeInTheDocument();
  });

  it('refuses to delete the own account, in the browser and when the server says so', async () => {
    expect(deleteRefusal({ _id: ADMIN_ID }, me)).toBe(SELF_DELETE_REFUSED);
    expect(SELF_DELETE_REFUSED).toBe('You cannot delete your own account');
    expect(deleteRefusal(amina, me)).toBeNull();

    // A stale list: the signed-in admin's id changed since, so the row shows Delete, and the server refuses.
    serveUsers(() => ({ rows: [amina] }));
    server.use(
      http.delete('/api/users/u-amina', () => HttpResponse.json({ message: 'You cannot delete your own account' }, { status: 403 })),
    );
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete Amina Hassan' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('You cannot delete your own account');
  });

  it('sends the search (name, e-mail or phone) and the role, each in the URL and back at page 1', async () => {
    const served = serveUsers();
    const { user } = renderAdmin('/admin/users?page=2');
    await screen.findAllByTestId('user-row');
    expect(served.map(paramsOf)).toEqual([{ ...firstPage, page: '2' }]);
    await user.type(screen.getByLabelText('Search users'), 'omar nur');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, q: 'omar nur' }));
    expect(served).toHaveLength(2);
    expect(currentUrl()).toBe('/admin/users?q=omar+nur');

    const role = screen.getByLabelText('Role');
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['All roles', 'Customers', 'Admins', 'Order handlers', 'Stock keepers', 'Riders']);
    await user.selectOptions(role, 'admin');
    await waitFor(() => expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, q: 'omar nur', role: 'admin' }));
    expect(currentUrl()).toBe('/admin/users?q=omar+nur&role=admin');
  });

  it('asks for the list a shared link names, and says when nothing matches', async () => {
    const served = serveUsers(() => ({ rows: [], total: 0 }));
    renderAdmin('/admin/users?role=user&q=7770');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(served.map(paramsOf)).toEqual([{ ...firstPage, q: '7770', role: 'user' }]);
    expect(screen.getByLabelText('Search users')).toHaveValue('7770');
    expect(screen.getByLabelText('Role')).toHaveValue('user');
  });

  it('moves pages with the pager', async () => {
    const served = serveUsers((q) => ({ rows: q.get('page') === '2' ? [omar] : [me, amina], total: 22 }));
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    const pager = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pager).getByText('Showing 1–2 of 22')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()).toEqual(['Omar Nur']));
    expect(paramsOf(served.at(-1))).toEqual({ ...firstPage, page: '2' });
    expect(within(pager).getByText('Showing 21–21 of 22')).toBeInTheDocument();
  });

  it('toasts a load failure', async () => {
    server.use(http.get('/api/users', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderAdmin('/admin/users');
    await findToast('Failed to load users');
  });
});

describe('admin users: add, edit, delete', () => {
  it('validates, creates with the admin token and role, reloads the list, and shows the temporary password once with a copy button', async () => {
    const served = serveUsers();
    const posts = recordJson('post', '/api/auth/register', () =>
      HttpResponse.json(
        {
          user: makeUser({ _id: 'u-new', name: 'Ladan Ahmed', role: 'admin' }),
          temporaryPassword: 'Tmp-9x2Kq7',
          message: 'User created successfully',
        },
        { status: 201 },
      ),
    );
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    const add = screen.getByRole('button', { name: 'Add New User' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const d = within(dialog);
    expect(d.getByLabelText('Full Name')).toHaveFocus();
    expect(d.getByText(/A default password will be set/)).toHaveTextContent(
      'A default password will be set for this user. The user should change it after first login.',
    );
    await user.click(d.getByRole('button', { name: 'Create User' }));
    expect(d.getByText('Name is required')).toBeInTheDocument();
    expect(d.getByText('Email is required')).toBeInTheDocument();
    expect(d.getByText('Phone number is required')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(d.getByLabelText('Full Name'), 'Ladan Ahmed');
    expect(d.queryByText('Name is required')).not.toBeInTheDocument();
    await user.type(d.getByLabelText('Email Address'), 'ladan@');
    expect(d.queryByText('Email is required')).not.toBeInTheDocument();
    await user.type(d.getByLabelText('Phone Number'), '252613334444');
    await user.click(d.getByRole('button', { name: 'Create User' }));
    expect(d.getByText('Email is invalid')).toBeInTheDocument();
    await user.type(d.getByLabelText('Email Address'), 'example.com');
    await user.selectOptions(d.getByLabelText('Role'), 'admin');
    await user.click(d.getByRole('button', { name: 'Create User' }));

    await findToast('User created successfully');
    expect(posts[0].body).toEqual({ name: 'Ladan Ahmed', email: 'ladan@example.com', phone: '252613334444', role: 'admin' });
    expect(posts[0].headers.get('authorization')).toBe('Bearer test-token');
    expect(served).toHaveLength(2);

    const shown = await screen.findByRole('dialog', { name: 'Temporary password' });
    expect(within(shown).getByTestId('temporary-password')).toHaveTextContent('Tmp-9x2Kq7');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('Tmp-9x2Kq7');
    expect(within(shown).getByText('Copied to clipboard')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Tmp-9x2Kq7')).not.toBeInTheDocument();
  });

  it("edits with PUT /api/users/{id} and puts the reply into the row without reloading the list; a failure shows the server message, else the default", async () => {
    const served = serveUsers();
    let fail: 'message' | 'bare' | null = 'message';
    const puts = recordJson('put', '/api/users/u-amina', (body) => {
      if (fail === 'message') return HttpResponse.json({ message: 'Email already in use', errors: { email: 'Email already in use' } }, { status: 409 });
      if (fail === 'bare') return new HttpResponse(null, { status: 500 });
      return HttpResponse.json({ ...amina, ...(body as object) });
    });
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Edit Amina Hassan' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect(d.queryByText(/default password/)).not.toBeInTheDocument();
    expect(d.getByLabelText('Email Address')).toHaveValue('amina@example.com');
    await user.click(d.getByRole('button', { name: 'Update User' }));
    await findToast('Email already in use');
    expect(d.getByLabelText('Email Address')).toHaveAccessibleDescription('Email already in use');
    fail = 'bare';
    await user.click(d.getByRole('button', { name: 'Update User' }));
    await findToast('Failed to save user');
    fail = null;
    await user.selectOptions(d.getByLabelText('Role'), 'admin');
    await user.click(d.getByRole('button', { name: 'Update User' }));
    await findToast('User updated successfully');
    expect(puts.at(-1)!.body).toEqual({ name: 'Amina Hassan', email: 'amina@example.com', phone: '252615551234', role: 'admin' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getAllByTestId('user-row')[1]).getByText('Admin')).toBeInTheDocument();
    expect(served).toHaveLength(1);
  });

  it('requires an e-mail, but lets an account staff made without one stay so', () => {
    const form = { name: 'Faadumo Ali', email: ' ', phone: '252615550101', role: 'user' as const };
    expect(validateUserForm(form)).toEqual({ email: 'Email is required' });
    expect(validateUserForm(form, makeUser({ email: 'faadumo@example.com' }))).toEqual({ email: 'Email is required' });
    expect(validateUserForm(form, makeUser({ email: null }))).toEqual({});
    expect(validateUserForm({ ...form, email: 'faadumo@' }, makeUser({ email: null }))).toEqual({ email: 'Email is invalid' });
  });

  it('deletes after the exact confirmation and reloads the page shown, or shows the default failure', async () => {
    let list = [me, amina, omar];
    let ok = false;
    const served = serveUsers(() => ({ rows: list }));
    server.use(
      http.delete('/api/users/u-omar', () => {
        if (!ok) return new HttpResponse(null, { status: 500 });
        list = [me, amina];
        return HttpResponse.json({ message: 'User deleted successfully' });
      }),
    );
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete Omar Nur' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete the user "Omar Nur"? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Failed to delete user');
    ok = true;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('User deleted successfully');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2));
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(served).toHaveLength(2);
  });
});
