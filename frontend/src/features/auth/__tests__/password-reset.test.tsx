import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { server } from '@/testing/server';
import { findToast, renderApp, screen, waitFor } from '@/testing/test-utils';

const location = () => screen.getByTestId('location');

/** Records the bodies POSTed to `path` and answers each with `reply` (held back until `hold` settles, when given). */
function recordPost(path: string, reply: () => Response, hold?: Promise<void>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      if (hold) await hold;
      return reply();
    }),
  );
  return bodies;
}

const SENT = 'If an account exists for this e-mail, we have sent it a 6-digit code.';

describe('login: forgot password link', () => {
  it("sits under the password field, before Sign In, and opens /forgot-password with the e-mail typed so far", async () => {
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(password.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(link.compareDocumentPosition(screen.getByRole('button', { name: 'Sign In' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/forgot-password$/);
    expect(screen.getByLabelText('Email Address')).toHaveValue('amina@example.com');
  });
});

describe('forgot password', () => {
  it('asks for the e-mail, toasts the server message and goes to the code page for that e-mail', async () => {
    const bodies = recordPost('/api/auth/forgot-password', () => HttpResponse.json({ message: SENT }));
    const { user } = renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByText('Enter the e-mail of your account and we will send you a 6-digit code.')).toBeInTheDocument();
    expect(document.title).toContain('Reset your password');

    await user.type(screen.getByLabelText('Email Address'), '  amina@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await findToast(SENT);
    expect(bodies).toEqual([{ email: 'amina@example.com' }]);
    await waitFor(() => expect(location()).toHaveTextContent('/reset-password?email=amina%40example.com'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('amina@example.com');
  });

  it("shows 'Sending...' and sends once while the request runs", async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => {
      release = r;
    });
    const bodies = recordPost('/api/auth/forgot-password', () => HttpResponse.json({ message: SENT }), hold);
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email Address'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('Email Address'), '{Enter}');
    expect(bodies).toHaveLength(1);
    release();
    await findToast(SENT);
    expect(bodies).toHaveLength(1);
  });

  it('shows a refusal (429) in the error banner and stays', async () => {
    recordPost('/api/auth/forgot-password', () =>
      HttpResponse.json({ message: 'Too many codes asked for. Try again in 15 minutes.' }, { status: 429 }),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email Address'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Too many codes asked for. Try again in 15 minutes.');
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
    expect(location()).toHaveTextContent(/^\/forgot-password$/);
  });

  it('checks the e-mail before sending anything', async () => {
    const bodies = recordPost('/api/auth/forgot-password', () => HttpResponse.json({ message: SENT }));
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Code' }));
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is required');
    await user.type(screen.getByLabelText('Email Address'), 'amina@');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

describe('reset password', () => {
  it('has the e-mail from the URL, a one-time-code field and a link back for a new code', async () => {
    const { user } = renderApp('/reset-password?email=amina%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(document.title).toContain('Choose a new password');
    expect(screen.getByLabelText('Email Address')).toHaveValue('amina@example.com');
    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('pattern', '[0-9]{6}');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('autocomplete', 'new-password');

    const again = screen.getByRole('link', { name: 'Send a new code' });
    expect(again).toHaveAttribute('href', '/forgot-password');
    await user.click(again);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('amina@example.com');
  });

  it('checks the code, the password length and the confirmation before sending', async () => {
    const bodies = recordPost('/api/auth/reset-password', () => HttpResponse.json({ message: 'Password changed' }));
    const { user } = renderApp('/reset-password?email=amina%40example.com');
    await user.type(await screen.findByLabelText('Code'), '12a45');
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.type(screen.getByLabelText('Confirm New Password'), '54321');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Enter the 6-digit code');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(bodies).toEqual([]);

    // a field's message clears as that field is edited, and only that one
    await user.clear(screen.getByLabelText('Code'));
    expect(screen.queryByText('Enter the 6-digit code')).not.toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends e-mail, code and password (not the confirmation), toasts the message and goes to /login', async () => {
    const bodies = recordPost('/api/auth/reset-password', () =>
      HttpResponse.json({ message: 'Your password has been changed. Please sign in.' }),
    );
    const { user } = renderApp('/reset-password?email=amina%40example.com');
    await user.type(await screen.findByLabelText('Code'), '123 456');
    await user.type(screen.getByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await findToast('Your password has been changed. Please sign in.');
    expect(bodies).toEqual([{ email: 'amina@example.com', code: '123456', password: 'secret12' }]);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("shows a wrong or expired code's message (400) in the banner and the server's field messages under their fields", async () => {
    recordPost('/api/auth/reset-password', () =>
      HttpResponse.json(
        { message: 'The code is wrong or has expired', errors: { code: 'Ask for a new code' } },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/reset-password?email=amina%40example.com');
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByTestId('reset-password-error')).toHaveTextContent('The code is wrong or has expired');
    expect(screen.getByRole('alert')).toHaveTextContent('The code is wrong or has expired');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Ask for a new code');
    expect(location()).toHaveTextContent('/reset-password');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows too many tries (429) in the banner', async () => {
    recordPost('/api/auth/reset-password', () => HttpResponse.json({ message: 'Too many tries. Ask for a new code.' }, { status: 429 }));
    const { user } = renderApp('/reset-password?email=amina%40example.com');
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Ask for a new code.');
  });
});

describe('password pages', () => {
  it('send a signed-in visitor home', async () => {
    const { unmount } = renderApp('/forgot-password', { user: true });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    unmount();
    renderApp('/reset-password?email=amina%40example.com', { user: true });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('are axe-clean, with field errors and a banner showing', async () => {
    recordPost('/api/auth/forgot-password', () => HttpResponse.json({ message: 'Enter a valid e-mail' }, { status: 400 }));
    const { user, unmount } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Code' }));
    await screen.findByText('Email is required');
    expect(await axeViolations()).toEqual([]);
    await user.type(screen.getByLabelText('Email Address'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('alert');
    expect(await axeViolations()).toEqual([]);
    unmount();

    renderApp('/reset-password');
    await user.click(await screen.findByRole('button', { name: 'Set New Password' }));
    await screen.findByText('Enter the 6-digit code');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('by phone (an account staff made without an e-mail)', () => {
  const SENT_BY_SMS = 'If an account without an e-mail uses this number, we have sent it a code by SMS. It is valid for 30 minutes.';

  it('/login carries the phone typed to /forgot-password, which then asks for the phone', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Use my phone number instead' }));
    await user.type(screen.getByLabelText('Phone Number'), '61 555 0101 ');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/forgot-password$/);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('61 555 0101');
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();
    expect(screen.getByText('Enter the phone number of your account and we will send you a 6-digit code by SMS.')).toBeInTheDocument();
  });

  it('swaps to the phone, sends {phone} only, toasts the message and goes to /reset-password?phone=', async () => {
    const bodies = recordPost('/api/auth/forgot-password', () => HttpResponse.json({ message: SENT_BY_SMS }));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email Address'), 'typed-first@example.com');
    await user.click(screen.getByRole('button', { name: 'Use my phone number instead' }));
    const phone = screen.getByLabelText('Phone Number');
    expect(phone).toHaveFocus();
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('name', 'phone');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(screen.getByText('Enter the phone number of your account and we will send you a 6-digit code by SMS.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my e-mail instead' })).toBeInTheDocument();

    await user.type(phone, ' 61 555 0101');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await findToast(SENT_BY_SMS);
    expect(bodies).toEqual([{ phone: '61 555 0101' }]);
    await waitFor(() => expect(location()).toHaveTextContent('/reset-password?phone=61+555+0101'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveValue('61 555 0101');
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();
  });

  it("asks for the number before sending, and shows the server's message on the number under the field", async () => {
    const bodies = recordPost('/api/auth/forgot-password', () =>
      HttpResponse.json(
        {
          message: 'Please check the highlighted fields',
          errors: { phone: 'Please enter a valid Somali mobile number, such as 61 234 5678' },
        },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Use my phone number instead' }));
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Phone number is required');
    expect(bodies).toEqual([]);

    // no rule on the number's shape here: the server's
    await user.type(screen.getByLabelText('Phone Number'), '12');
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(
        'Please enter a valid Somali mobile number, such as 61 234 5678',
      ),
    );
    expect(bodies).toEqual([{ phone: '12' }]);
    expect(screen.getByTestId('forgot-password-error')).toHaveTextContent('Please check the highlighted fields');
    expect(location()).toHaveTextContent(/^\/forgot-password$/);
    expect(await axeViolations()).toEqual([]);

    // back to the e-mail: its own field, empty of the number's message
    await user.click(screen.getByRole('button', { name: 'Use my e-mail instead' }));
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
    expect(screen.getByLabelText('Email Address')).not.toHaveAccessibleDescription();
    expect(screen.getByText('Enter the e-mail of your account and we will send you a 6-digit code.')).toBeInTheDocument();
  });

  it('sends {phone, code, password} from /reset-password?phone=, and goes to /login', async () => {
    const bodies = recordPost('/api/auth/reset-password', () =>
      HttpResponse.json({ message: 'Your password has been changed. Please sign in.' }),
    );
    const { user } = renderApp('/reset-password?phone=61+555+0101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code we sent to your phone by SMS and the password you want to use from now on.'),
    ).toBeInTheDocument();
    const phone = screen.getByLabelText('Phone Number');
    expect(phone).toHaveValue('61 555 0101');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('name', 'phone');
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.type(screen.getByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await findToast('Your password has been changed. Please sign in.');
    expect(bodies).toEqual([{ phone: '61 555 0101', code: '123456', password: 'secret12' }]);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
  });

  it("checks the number is there, shows the server's message on it, and 'Send a new code' carries it back", async () => {
    const bodies = recordPost('/api/auth/reset-password', () =>
      HttpResponse.json(
        { message: 'Please check the highlighted fields', errors: { phone: 'Please enter a valid Somali mobile number, such as 61 234 5678' } },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/reset-password?phone=');
    const phone = await screen.findByLabelText('Phone Number');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'secret12');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(phone).toHaveAccessibleDescription('Phone number is required');
    expect(bodies).toEqual([]);

    await user.type(phone, '99 999');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByTestId('reset-password-error')).toHaveTextContent('Please check the highlighted fields');
    expect(phone).toHaveAccessibleDescription('Please enter a valid Somali mobile number, such as 61 234 5678');
    expect(bodies).toEqual([{ phone: '99 999', code: '123456', password: 'secret12' }]);

    await user.click(screen.getByRole('link', { name: 'Send a new code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveValue('99 999');
  });
});
