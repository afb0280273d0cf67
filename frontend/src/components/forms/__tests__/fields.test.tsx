import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/test-utils';
import { ContactFields, EmailField, NewPasswordFields } from '../AccountFields';
import type { FieldBinding } from '../use-form-fields';

const binding = (name: string, error?: string): FieldBinding => ({ name, value: '', error, onChange: () => {} });

/** The attributes autofill and assistive tech read, field by field. */
const inputs = () =>
  Array.from(document.querySelectorAll('input'), (input) => ({
    name: input.getAttribute('name'),
    type: input.getAttribute('type'),
    autoComplete: input.getAttribute('autocomplete'),
  }));

describe('form fields', () => {
  it('contact: full name, e-mail address and phone number', () => {
    render(
      <ContactFields
        name={binding('name', 'Name is required')}
        email={binding('email')}
        phone={binding('phone')}
        phonePlaceholder="61 234 5678"
      />,
    );
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('placeholder', '61 234 5678');
    expect(inputs()).toEqual([
      { name: 'name', type: null, autoComplete: 'name' },
      { name: 'email', type: 'email', autoComplete: 'email' },
      { name: 'phone', type: 'tel', autoComplete: 'tel' },
    ]);
  });

  it("e-mail: autocomplete 'email' unless told otherwise", () => {
    render(<EmailField autoComplete="username" {...binding('email')} />);
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('autocomplete', 'username');
  });

  it("a password to choose and its confirmation, 'New' when it replaces the current one", () => {
    const { unmount } = render(<NewPasswordFields password={binding('password')} confirmation={binding('confirmPassword')} />);
    expect(inputs()).toEqual([
      { name: 'password', type: 'password', autoComplete: 'new-password' },
      { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
    ]);
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('name', 'confirmPassword');
    unmount();
    render(<NewPasswordFields password={binding('newPassword')} confirmation={binding('confirmPassword')} replacing />);
    expect(screen.getByLabelText('New Password')).toHaveAttribute('name', 'newPassword');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('name', 'confirmPassword');
  });
});
