import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session';
import { axeViolations } from '@/testing/axe';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

/** Records the bodies POSTed to /api/auth/login and answers each with `reply`. */
function recordLogin(reply: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

/** A customer staff added by phone, without an e-mail. */
const phoneOnly = () => makeUser({ name: 'Faadumo Cali', email: null, phone: '252615550101' });

describe('login', () => {
  it('asks for the e-mail and password by default, and sends them (the e-mail trimmed)', async () => {
    const bodies = recordLogin(() => HttpResponse.json({ token: 'tok', user: makeUser(), message: 'Logged in successfully' }));
    const { user } = renderApp('/login');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toBeRequired();
    expect(screen.queryByLabelText('Phone Number')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');

    await user.type(email, ' amina@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findToast('Logged in successfully');
    expect(bodies).toEqual([{ email: 'amina@example.com', password: 'secret1' }]);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it("swaps the e-mail for a 'Phone Number' field, focused, under a plain button, and back", async () => {
    const { user } = renderApp('/login');
    const email = await screen.findByLabelText('Email');
    const swap = screen.getByRole('button', { name: 'Use my phone number instead' });
    expect(swap).toHaveAttribute('type', 'button');
    // under the identifier field, before the password
    expect(email.compareDocumentPosition(swap) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(swap.compareDocumentPosition(screen.getByLabelText('Password')) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await user.click(swap);
    const phone = screen.getByLabelText('Phone Number');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('name', 'phone');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toBeRequired();
    expect(phone).toHaveFocus();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my phone number instead' })).not.toBeInTheDocument();

    // by keyboard: Tab from the field reaches the switch, Enter swaps back
    await user.type(phone, '61 555 0101');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Use my e-mail instead' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByLabelText('Phone Number')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('signs a phone-only account in with {phone, password} and no e-mail', async () => {
    const bodies = recordLogin(() => HttpResponse.json({ token: 'tok', user: phoneOnly(), message: 'Logged in successfully' }));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Use my phone number instead' }));
    await user.type(screen.getByLabelText('Phone Number'), ' 61 555 0101 ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findToast('Logged in successfully');
    expect(bodies).toEqual([{ phone: '61 555 0101', password: 'secret1' }]);
    expect(bodies[0]).not.toHaveProperty('email');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(useSession.getState().user?.email).toBeNull();
  });

  it("shows a wrong number or password (401) in the banner and stays, axe-clean", async () => {
    recordLogin(() => HttpResponse.json({ message: 'Invalid credentials' }, { status: 401 }));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Use my phone number instead' }));
    await user.type(screen.getByLabelText('Phone Number'), '61 555 0101');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid credentials');
    expect(location()).toHaveTextContent(/^\/login$/);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('61 555 0101');
    expect(useSession.getState().token).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
