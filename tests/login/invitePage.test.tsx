import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_CALL } from '../../schemas/accessPaths.ts';
import { LoginPage } from '../../src/login/LoginPage.tsx';
import { createClient } from '../../src/sdk/index.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

// The sign-in page's invitation stages in happy-dom, against a real loopback server that answers
// as the platform would at each moment (the whole way in, with the real platform: tests/browser/loginInvite.test.ts).
let server: RecordingServer;
const STATUS = `POST /api/apps/app-1${ACCESS_CALL.inviteStatus}`;
const ACCEPT = `POST /api/apps/app-1${ACCESS_CALL.acceptInvite}`;
const setURL = (url: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);
const badRequest = (field: string, message: string) => ({
  status: 400,
  body: { detail: `${field}: ${message}`, code: 'invalid_input', extra_data: { field } },
});

function renderPage(search: string) {
  setURL(`${server.url}/login${search}`);
  const signedIn: string[] = [];
  const client = createClient({ serverUrl: server.url, appId: 'app-1' });
  render(<LoginPage client={client} search={search} onSignedIn={() => signedIn.push('signed in')} />);
  return { signedIn };
}

const choose = (password: string) => {
  fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Password again'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password and open the deck' }));
};

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(cleanup);

describe('the sign-in page with an invitation link', () => {
  it('asks for the status with the token, then a password for the invited address, and signs in', async () => {
    server.reply(STATUS, { body: { state: 'valid', email: 'partner@lender.example', message: '' } });
    server.reply(ACCEPT, { body: { success: true, access_token: 'tok-new', user: { id: 'u1' } } });
    const { signedIn } = renderPage('?invite_token=tok%2Fen');
    await screen.findByRole('heading', { name: 'Choose your password' });
    expect(server.to(STATUS).map((request) => request.body)).toEqual([{ invite_token: 'tok/en' }]);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('partner@lender.example');
    choose('a-fine-passphrase-1');
    await waitFor(() => expect(signedIn).toEqual(['signed in']));
    expect(server.to(ACCEPT).map((request) => request.body)).toEqual([{ invite_token: 'tok/en', new_password: 'a-fine-passphrase-1' }]);
    expect(localStorage.getItem('base44_access_token')).toBe('tok-new');
  });

  it('shows a refused password next to its field, and sends nothing while the two entries differ', async () => {
    server.reply(STATUS, { body: { state: 'valid', email: 'partner@lender.example', message: '' } });
    server.reply(ACCEPT, badRequest('new_password', 'is among commonly breached passwords; choose another'));
    const { signedIn } = renderPage('?invite_token=abc');
    await screen.findByRole('heading', { name: 'Choose your password' });
    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'one-passphrase-12' } });
    fireEvent.change(screen.getByLabelText('Password again'), { target: { value: 'another-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and open the deck' }));
    await waitFor(() => expect(screen.getByLabelText('Password again').getAttribute('aria-invalid')).toBe('true'));
    expect(server.to(ACCEPT)).toHaveLength(0);

    choose('password1234');
    const field = screen.getByLabelText('Choose a password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby')!.split(' ').at(-1)!;
    expect(document.getElementById(errorId)?.textContent).toBe('The new password is among commonly breached passwords; choose another.');
    // The focus moves there once the error is shown, so a screen reader reads the field with it.
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Said next to the field, not twice: the form's alert region stays empty.
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(signedIn).toEqual([]);
  });

  it('a link that dies between the status and the accept explains itself instead of the form', async () => {
    server.reply(STATUS, { body: { state: 'valid', email: 'partner@lender.example', message: '' } }, { body: { state: 'revoked', message: '' } });
    server.reply(ACCEPT, badRequest('invite_token', 'was withdrawn'));
    const { signedIn } = renderPage('?invite_token=abc');
    await screen.findByRole('heading', { name: 'Choose your password' });
    choose('a-fine-passphrase-1');
    await screen.findByRole('heading', { name: 'Invitation withdrawn' });
    expect(screen.getByText(/This invitation was withdrawn, so it no longer opens the deck/)).toBeTruthy();
    expect(document.querySelector('input[type="password"]')).toBeNull();
    expect(server.to(STATUS)).toHaveLength(2);
    expect(signedIn).toEqual([]);
  });

  it.each([
    ['used', 'Invitation already used', 'This invitation was already used. Sign in with your password.', 'Sign in with your password'],
    ['expired', 'Invitation expired', 'This invitation has expired. Ask the person who invited you to send a new one.', 'Go to sign in'],
    // Each dead link names its real reason.
    ['replaced', 'A newer invitation was sent', 'A newer invitation replaced this one.', 'Go to sign in'],
    ['password_changed', 'You already have a password', 'You have chosen a password since this invitation was sent', 'Sign in with your password'],
    ['unknown', 'Invitation link not valid', 'This link is not a valid invitation.', 'Go to sign in'],
  ])('%s link: its heading, its explanation, no password field, and a way to the sign-in form without the token', async (state, title, text, button) => {
    server.reply(STATUS, { body: { state, message: 'the server wording, not shown' } });
    renderPage('?invite_token=abc');
    await screen.findByRole('heading', { name: title });
    expect(screen.getByText(text, { exact: false })).toBeTruthy();
    expect(screen.queryByText('the server wording, not shown')).toBeNull();
    expect(document.querySelector('input[type="password"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: button }));
    await screen.findByRole('heading', { name: 'Sign in to view the deck' });
    expect(window.location.search).toBe('');
    expect(server.to(ACCEPT)).toHaveLength(0);
  });
});

describe('the code entry, for someone nobody invited', () => {
  it('says where the code went, true with or without a mail server, and never "the person who invited you"', async () => {
    server.reply('POST /api/apps/app-1/auth/register', { body: { success: true } });
    renderPage('?mode=register');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'stranger@example.com' } });
    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'stranger-passphrase-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByLabelText('6-digit code');
    const page = document.body.textContent ?? '';
    expect(page).toContain('A 6-digit code is on its way to stranger@example.com.');
    expect(page).toContain("ask the deck's administrator: a deck run without a mail server keeps codes in its server log");
    expect(page).not.toMatch(/invited you/);
  });
});
