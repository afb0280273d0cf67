import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor } from '@/testing/test-utils';
import { useSession } from '@/stores/session';

async function openRegister() {
  const utils = renderApp('/register');
  await screen.findByRole('button', { name: 'Create Account' });
  return utils;
}

describe('registration', () => {
  it('shows every required-field message under its field', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
  });

  it('checks the e-mail shape, the password length and the confirmation', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email Address'), 'amina@');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm Password'), '54321');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it("clears a field's message as that field is edited, and only that one", async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email Address'), 'x');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('registers without sending the confirmation, signs in and goes home', async () => {
    let body: Record<string, unknown> = {};
    const created = makeUser({ name: 'Hodan Ali', email: 'hodan@example.com' });
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ token: 't1', user: created, message: 'Registered successfully' }, { status: 201 });
      }),
    );
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Full Name'), 'Hodan Ali');
    await user.type(screen.getByLabelText('Email Address'), 'hodan@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '615551234');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await findToast('Registered successfully');
    expect(body).toEqual({ name: 'Hodan Ali', email: 'hodan@example.com', phone: '615551234', password: 'secret1' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useSession.getState().token).toBe('t1');
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it("shows the server's message when registration fails, else the default", async () => {
    server.use(
      http.post('/api/auth/register', () => HttpResponse.json({ message: 'Email already registered' }, { status: 409 })),
    );
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Full Name'), 'Hodan');
    await user.type(screen.getByLabelText('Email Address'), 'hodan@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '615551234');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findToast('Email already registered');

    server.use(http.post('/api/auth/register', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findToast('Registration failed');
  });
});

describe('login', () => {
  it('shows the error banner with the server message', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid email or password');
    await findToast('Invalid email or password');
  });
});
