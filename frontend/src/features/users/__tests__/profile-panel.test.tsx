import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/stores/session';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/server';
import { findToast, renderApp, screen } from '@/testing/test-utils';

/** A customer staff added by phone, without an e-mail. */
const phoneOnly = () => makeUser({ name: 'Faadumo Cali', email: null, phone: '252615550101' });

/** Records the bodies PUT to /api/users/:id and answers each with `reply(body)`. */
function recordUpdate(reply: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('/api/users/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return reply(body);
    }),
  );
  return bodies;
}

async function openEdit(user = phoneOnly()) {
  const utils = renderApp('/profile', { user });
  await utils.user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return utils;
}

describe('profile of an account without an e-mail', () => {
  it('saves with the e-mail left blank, sent as ""', async () => {
    const me = phoneOnly();
    const bodies = recordUpdate((body) => HttpResponse.json({ ...me, name: body.name }));
    const { user } = await openEdit(me);
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Faadumo C.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Profile updated successfully');
    expect(bodies).toEqual([{ name: 'Faadumo C.', email: '', phone: '252615550101' }]);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ name: 'Faadumo C.', email: null });
  });

  it('checks an e-mail once one is typed, and sends it', async () => {
    const me = phoneOnly();
    const bodies = recordUpdate((body) => HttpResponse.json({ ...me, email: body.email }));
    const { user } = await openEdit(me);
    await user.type(screen.getByLabelText('Email Address'), 'faadumo@');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is invalid');
    expect(bodies).toEqual([]);
    await user.type(screen.getByLabelText('Email Address'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Profile updated successfully');
    expect(bodies).toEqual([{ name: 'Faadumo Cali', email: 'faadumo@example.com', phone: '252615550101' }]);
  });

  it("shows the server's message on the phone under its field", async () => {
    const bodies = recordUpdate(() =>
      HttpResponse.json(
        { message: 'Please check the highlighted fields', errors: { phone: 'Please enter a valid Somali mobile number, such as 61 234 5678' } },
        { status: 400 },
      ),
    );
    const { user } = await openEdit();
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.type(screen.getByLabelText('Phone Number'), '+44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Please check the highlighted fields');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      'Please enter a valid Somali mobile number, such as 61 234 5678',
    );
    expect(bodies).toEqual([{ name: 'Faadumo Cali', email: '', phone: '+44 20 7946 0000' }]);
  });

  it('still requires an e-mail of an account that has one', async () => {
    const bodies = recordUpdate(() => HttpResponse.json(makeUser()));
    const { user } = await openEdit(makeUser({ email: 'amina@example.com' }));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is required');
    expect(bodies).toEqual([]);
  });
});
