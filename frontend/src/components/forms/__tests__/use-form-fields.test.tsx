import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { act, renderHook } from '@/testing/test-utils';
import { serverFieldErrors, useFormFields, type FieldBinding } from '../use-form-fields';

const type = (binding: FieldBinding, value: string) =>
  act(() => binding.onChange({ target: { value } } as ChangeEvent<HTMLInputElement>));

const required = (values: { name: string; email: string }) => ({
  ...(values.name ? {} : { name: 'Name is required' }),
  ...(values.email ? {} : { email: 'Email is required' }),
});

describe('useFormFields', () => {
  it('binds each field by its name, value and message', () => {
    const { result } = renderHook(() => useFormFields({ name: 'Amina', email: '' }));
    expect(result.current.bind('name')).toMatchObject({ name: 'name', value: 'Amina', error: undefined });
    type(result.current.bind('email'), 'a@b.co');
    expect(result.current.values).toEqual({ name: 'Amina', email: 'a@b.co' });
  });

  it('shows what the rules find and says whether the form is valid', () => {
    const { result } = renderHook(() => useFormFields({ name: '', email: '' }));
    let valid = true;
    act(() => {
      valid = result.current.check(required);
    });
    expect(valid).toBe(false);
    expect(result.current.errors).toEqual({ name: 'Name is required', email: 'Email is required' });
    type(result.current.bind('name'), 'A');
    type(result.current.bind('email'), 'a@b.co');
    act(() => {
      valid = result.current.check(required);
    });
    expect(valid).toBe(true);
    expect(result.current.errors).toEqual({});
  });

  it("clears a field's message as that field is edited, and only that one", () => {
    const { result } = renderHook(() => useFormFields({ name: '', email: '' }));
    act(() => void result.current.check(required));
    type(result.current.bind('name'), 'A');
    expect(result.current.errors).toEqual({ email: 'Email is required' });
    expect(result.current.bind('email').error).toBe('Email is required');
  });

  it("adds the server's messages to those shown, and reset clears them with the values", () => {
    const { result } = renderHook(() => useFormFields({ name: '', email: '' }));
    act(() => void result.current.check(required));
    act(() => result.current.addErrors({ email: 'Email already registered' }));
    expect(result.current.errors).toEqual({ name: 'Name is required', email: 'Email already registered' });
    act(() => result.current.reset({ name: 'Hodan', email: 'h@example.com' }));
    expect(result.current.values).toEqual({ name: 'Hodan', email: 'h@example.com' });
    expect(result.current.errors).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  const refusal = new ApiError(400, 'Please check the highlighted fields', undefined, {
    email: 'Email is invalid',
    password: 'Too short',
    unknown: 'Not a field of the form',
  });

  it("reads only the form's fields, each under its own name or the one it is sent as", () => {
    expect(serverFieldErrors(refusal, ['email', 'newPassword', 'phone'], { newPassword: 'password' })).toEqual({
      email: 'Email is invalid',
      newPassword: 'Too short',
    });
  });

  it('is empty for anything but a refusal of the server', () => {
    expect(serverFieldErrors(new Error('boom'), ['email'])).toEqual({});
    expect(serverFieldErrors(new ApiError(0, null), ['email'])).toEqual({});
  });
});
