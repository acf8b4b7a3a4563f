// The account menu: email, change password in a modal dialog, the console for admins, sign out.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { FormError } from '../../src/components/forms/FormError.ts';
import { AccountMenu } from '../../src/deck/AccountMenu.tsx';
import { DeckUserContext, type DeckUserState, type PasswordChange } from '../../src/deck/DeckUserContext.tsx';

afterEach(cleanup);

function menu(state: Partial<DeckUserState> & { role?: string } = {}) {
  const changes: PasswordChange[] = [];
  let signedOut = 0;
  const location = memoryLocation({ path: '/market', record: true });
  const value: DeckUserState = {
    user: { id: 'u1', email: 'dana@harbor.test', role: state.role ?? 'user' },
    logout: () => (signedOut += 1),
    changePassword: async (change) => {
      changes.push(change);
    },
    ...state,
  };
  render(
    <Router hook={location.hook}>
      <DeckUserContext.Provider value={value}>
        <AccountMenu />
      </DeckUserContext.Provider>
    </Router>,
  );
  return { changes, location, signedOut: () => signedOut };
}

const toggle = () => screen.getByRole('button', { name: 'Account' });
const pressEscape = async (target: Element = document.activeElement ?? document.body) => {
  await act(async () => {
    fireEvent.keyDown(target, { key: 'Escape' });
  });
};

async function openDialog() {
  fireEvent.click(toggle());
  const open = screen.getByRole('button', { name: 'Change password' });
  open.focus();
  fireEvent.click(open);
  await screen.findByRole('dialog', { name: 'Change password' });
  return open;
}

function fill(current: string, next: string, again = next) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: again } });
}
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  });
};

describe('the account menu', () => {
  it('one Account button; its panel shows the email, Change password and Sign out; Escape closes it and focus returns to the button', async () => {
    const { signedOut } = menu();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain('Signed in as dana@harbor.test');
    expect(screen.queryByRole('link', { name: 'Admin console' })).toBeNull();
    screen.getByRole('button', { name: 'Sign out' }).focus();
    await pressEscape();
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle());
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signedOut()).toBe(1);
  });

  it('a click outside closes the panel', () => {
    menu();
    fireEvent.click(toggle());
    fireEvent.pointerDown(document.body);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('an admin also gets the Admin console link, a real link to /admin', async () => {
    const { location } = menu({ role: 'admin' });
    fireEvent.click(toggle());
    const link = screen.getByRole('link', { name: 'Admin console' });
    expect(link.getAttribute('href')).toBe('/admin');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(location.history?.at(-1)).toBe('/admin');
  });

  it('no user or no sign-out (standalone): nothing at all', () => {
    const { container } = render(<AccountMenu />);
    expect(container.innerHTML).toBe('');
  });
});

describe('change password', () => {
  it('a modal dialog (code loaded on open) with three labelled fields; sends current and new; says it worked, focus on that line', async () => {
    const { changes } = menu();
    await openDialog();
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(screen.getByLabelText('Current password').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    fill('old-password-123', 'a-new-password-456');
    await save();
    expect(changes).toEqual([{ currentPassword: 'old-password-123', newPassword: 'a-new-password-456' }]);
    const done = screen.getByRole('status');
    expect(done.textContent).toMatch(/^Your password has been changed\./);
    expect(document.activeElement).toBe(done);
  });

  it('checks before sending: a short new password, the same as the current one, two that differ; each next to its field, nothing sent', async () => {
    const { changes } = menu();
    await openDialog();
    fill('', 'short');
    await save();
    expect(document.getElementById('password-current-error')!.textContent).toBe('Enter your current password.');
    expect(document.getElementById('password-new-error')!.textContent).toBe('Use at least 12 characters.');
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    fill('same-password-123', 'same-password-123', 'same-password-124');
    await save();
    expect(document.getElementById('password-new-error')!.textContent).toBe('Choose a password different from the current one.');
    expect(document.getElementById('password-confirm-error')!.textContent).toBe('The two new passwords differ.');
    expect(screen.getByLabelText('New password again').getAttribute('aria-invalid')).toBe('true');
    expect(changes).toEqual([]);
  });

  it("the server's answer naming a field lands next to it: a wrong current password, a refused new one", async () => {
    let answer = new FormError('is incorrect', 'current_password');
    menu({
      changePassword: async () => {
        throw answer;
      },
    });
    await openDialog();
    fill('wrong-password-1', 'a-new-password-456');
    await save();
    expect(document.getElementById('password-current-error')!.textContent).toBe('Current password is incorrect');
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    answer = new FormError('appears in a list of breached passwords: choose another', 'new_password');
    await save();
    expect(document.getElementById('password-current-error')).toBeNull();
    expect(document.getElementById('password-new-error')!.textContent).toBe('New password appears in a list of breached passwords: choose another');
  });

  it('Escape closes the dialog (the panel stays) and focus goes back to Change password', async () => {
    menu();
    const open = await openDialog();
    // The browser closes a modal dialog on Escape and fires `close`; the panel must not take that Escape too.
    await act(async () => {
      document.querySelector('dialog')!.close();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
  });
});
