import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../src/app/App.tsx';
import { loadSlide } from '../../src/registry/slideRegistry.ts';
import { startRecordingServer, type RecordingServer } from '../support/recordingServer.ts';

// The gate in happy-dom, driven against a real loopback server: the app start's requests and screens.
let server: RecordingServer;
const settingsRoute = 'GET /api/apps/public/prod/public-settings/by-id/app-1';
const meRoute = 'GET /api/apps/app-1/entities/User/me';
const forbidden = (reason: string) => ({ status: 403, body: { detail: `403 ${reason}`, extra_data: { reason } } });

const setURL = (url: string) => (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(url);

async function renderGate(path: string, { token, trustedContent = false }: { token?: string; trustedContent?: boolean } = {}) {
  // The deck and its platform share an origin, as in production: the API is `/api` on the same host.
  setURL(`${server.url}${path}`);
  if (token) localStorage.setItem('base44_access_token', token);
  await loadSlide('Problem');
  const location = memoryLocation({ path, record: true });
  render(<App router={{ hook: location.hook }} appId="app-1" trustedContent={trustedContent} />);
  return location;
}

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  localStorage.clear();
});
afterEach(cleanup);

describe('the gate on the platform', () => {
  it('shows Loading, then the deck for a registered user', async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, { body: { id: 'u1', email: 'partner@lender.test', role: 'user' } });
    await renderGate('/problem', { token: 'tok-1' });
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await screen.findByText('partner@lender.test', {}, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toContain('Loading');
    expect(server.to(meRoute)[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(server.to(settingsRoute)[0]!.headers['x-app-id']).toBe('app-1');
  });

  it('keeps a prerendered page on screen while it checks', async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' }, delayMs: 300 });
    server.reply(meRoute, { body: { id: 'u1', email: 'a@b.test', role: 'user' } });
    await renderGate('/problem', { token: 'tok-1', trustedContent: true });
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(document.querySelector('h1')?.textContent).not.toBe('');
  });

  it('shows Access Restricted with its text and hints to an unregistered user; Log out clears both token keys', async () => {
    server.reply(settingsRoute, forbidden('user_not_registered'));
    server.reply('POST /api/apps/app-1/auth/logout', { body: {} });
    localStorage.setItem('token', 'tok-2');
    await renderGate('/problem', { token: 'tok-2' });
    await screen.findByRole('heading', { name: 'Access Restricted' }, { timeout: 10_000 });
    expect(document.body.textContent).toContain(
      'You are not registered to use this application. This deck is shared by invitation, and your account is not on its list.',
    );
    // Whoever sees this was invited by nobody: no "person who invited you", no server log.
    expect(document.body.textContent).not.toMatch(/invited you|server log/);
    expect([...document.querySelectorAll('.system-screen__hints li')].map((li) => li.textContent)).toEqual([
      'Verify you are logged in with the correct account',
      'Ask the deck’s owners for access',
      'Try logging out and back in again',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(localStorage.getItem('base44_access_token')).toBeNull(), { timeout: 10_000 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(server.to('POST /api/apps/app-1/auth/logout')[0]!.headers.authorization).toBe('Bearer tok-2');
  });

  it('sends a visitor who must sign in to /login with the current address', async () => {
    server.reply(settingsRoute, forbidden('auth_required'));
    await renderGate('/market');
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
    const from = new URL(window.location.href).searchParams.get('from_url');
    expect(from).toBe(`${server.url}/market`);
  });

  it('shows "Failed to load app" after the one retry when the server keeps failing', { timeout: 10_000 }, async () => {
    server.reply(settingsRoute, { status: 500, body: { detail: 'boom' } }, { status: 500, body: { detail: 'boom' } });
    await renderGate('/problem');
    await screen.findByRole('heading', { name: 'Failed to load app' }, { timeout: 6000 });
    expect(server.to(settingsRoute)).toHaveLength(2);
  });

  it('shows the 404 Admin Note to an admin', async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, { body: { id: 'u1', email: 'admin@deck.test', role: 'admin' } });
    await renderGate('/not-a-page', { token: 'tok-admin' });
    await screen.findByText('Admin Note', {}, { timeout: 10_000 });
  });
});

describe('Access Restricted: requesting access', () => {
  const requestRoute = 'POST /api/apps/app-1/auth/request-access';
  async function restricted() {
    server.reply(settingsRoute, forbidden('user_not_registered'));
    await renderGate('/problem', { token: 'tok-stranger' });
    await screen.findByRole('heading', { name: 'Access Restricted' }, { timeout: 10_000 });
  }

  it('"Request access" reveals an optional message; sending it posts the message and says the owners were notified, with focus on that line', async () => {
    server.reply(requestRoute, { body: { id: 'r1', status: 'pending', created_date: new Date().toISOString() } });
    await restricted();
    expect(screen.queryByLabelText(/Message to the deck’s owners/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request access' }));
    const message = screen.getByLabelText('Message to the deck’s owners (optional)');
    // Focus moves in an effect after the field renders: wait for it (with the default deadline), do not assume it.
    await waitFor(() => expect(document.activeElement).toBe(message));
    fireEvent.change(message, { target: { value: '  We are the lender’s credit team.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const status = await screen.findByRole('status', {}, { timeout: 10_000 });
    expect(status.textContent).toBe('Request sent: the deck’s owners have been notified and you will get an email when they decide.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    const [sent] = server.to(requestRoute);
    expect(sent!.body).toEqual({ message: 'We are the lender’s credit team.' });
    expect(sent!.headers.authorization).toBe('Bearer tok-stranger');
    // Done: no second request button, the form is gone, and Log out stays.
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('an empty message sends an empty body; a request already waiting says it is still pending', async () => {
    server.reply(requestRoute, { body: { id: 'r1', status: 'pending', created_date: '2026-01-05T10:00:00.000Z' } });
    await restricted();
    fireEvent.click(screen.getByRole('button', { name: 'Request access' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const status = await screen.findByRole('status', {}, { timeout: 10_000 });
    expect(status.textContent).toMatch(/^You already asked on .*2026 and your request is still pending/);
    expect(server.to(requestRoute)[0]!.body).toEqual({});
  });

  it("the server's 400 is shown as an alert with its detail, and the form stays to try again", async () => {
    server.reply(requestRoute, {
      status: 400,
      body: { detail: 'message: must be at most 1000 characters', code: 'invalid_input', extra_data: { field: 'message' } },
    });
    await restricted();
    fireEvent.click(screen.getByRole('button', { name: 'Request access' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('The request could not be sent: must be at most 1000 characters');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('button', { name: 'Send request' })).toBeTruthy();
  });
});

describe("the viewer's platform actions, wired from the session", () => {
  const viewer = { id: 'u7', email: 'dana@harbor.test', role: 'user', prepared_for: { name: 'Dana Reyes', company: 'Harbor Lending' } };

  it("the person's own Prepared for from `me` replaces the deck-wide partner on the cover", async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, { body: viewer });
    await loadSlide('Cover');
    await renderGate('/', { token: 'tok-dana' });
    await waitFor(() => expect(document.querySelector('.partner-footer')?.textContent).toBe('Prepared for Dana Reyes, Harbor Lending'), { timeout: 10_000 });
  });

  it('the account menu changes the password through the platform (user id, current, new) and keeps the fresh token it gets back', async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, { body: viewer });
    server.reply('POST /api/apps/app-1/auth/change-password', { body: { success: true, access_token: 'tok-fresh' } });
    await renderGate('/problem', { token: 'tok-dana' });
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: 'Change password' }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password-123' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-4567' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'new-password-4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await screen.findByText(/^Your password has been changed\./, {}, { timeout: 10_000 });
    const [sent] = server.to('POST /api/apps/app-1/auth/change-password');
    expect(sent!.body).toEqual({ user_id: 'u7', current_password: 'old-password-123', new_password: 'new-password-4567' });
    expect(sent!.headers.authorization).toBe('Bearer tok-dana');
    expect(localStorage.getItem('base44_access_token')).toBe('tok-fresh');
  });

  it("the server's 400 on the current password shows next to that field", async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, { body: viewer });
    server.reply('POST /api/apps/app-1/auth/change-password', {
      status: 400,
      body: { detail: 'current_password: is incorrect', code: 'invalid_input', extra_data: { field: 'current_password' } },
    });
    await renderGate('/problem', { token: 'tok-dana' });
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-password-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-4567' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'new-password-4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(document.getElementById('password-current-error')?.textContent).toBe('Current password is incorrect'), { timeout: 10_000 });
    expect(localStorage.getItem('base44_access_token')).toBe('tok-dana');
  });
});

describe('an expired or revoked person at the app start', () => {
  it('a 403 access_ended on the settings read shows the ended screen, never the deck, and forgets the token', async () => {
    server.reply(settingsRoute, forbidden('access_ended'));
    await renderGate('/market', { token: 'tok-expired' });
    await screen.findByRole('heading', { name: 'Your access to this deck has ended' }, { timeout: 10_000 });
    expect(document.querySelector('.deck-main, .deck-header')).toBeNull();
    expect(localStorage.getItem('base44_access_token')).toBeNull();
    expect(sessionStorage.getItem('deck_access_ended')).toBe('1');
    expect(window.location.pathname).toBe('/market');
    sessionStorage.clear();
  });

  it('a 403 access_ended on `me` does the same', async () => {
    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, forbidden('access_ended'));
    await renderGate('/market', { token: 'tok-revoked' });
    await screen.findByRole('heading', { name: 'Your access to this deck has ended' }, { timeout: 10_000 });
    expect(document.querySelector('.deck-main')).toBeNull();
    expect(localStorage.getItem('base44_access_token')).toBeNull();
    sessionStorage.clear();
  });
});

describe('after access ended', () => {
  it('the tab shows the ended screen on its next load, with no platform call and no deck; a sign-in (a token) starts normally', async () => {
    sessionStorage.setItem('deck_access_ended', '1');
    await renderGate('/market');
    await screen.findByRole('heading', { name: 'Your access to this deck has ended' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(document.querySelector('.deck-main')).toBeNull();
    expect(server.requests).toEqual([]);
    cleanup();

    server.reply(settingsRoute, { body: { id: 'app-1', public_settings: 'private_with_login' } });
    server.reply(meRoute, { body: { id: 'u1', email: 'back@lender.test', role: 'user' } });
    await renderGate('/problem', { token: 'tok-new' });
    await screen.findByText('back@lender.test', {}, { timeout: 10_000 });
    expect(sessionStorage.getItem('deck_access_ended')).toBeNull();
  });
});

describe('standalone', () => {
  it('makes no platform call and shows no gate', async () => {
    setURL('http://localhost:3000/problem');
    await loadSlide('Problem');
    render(<App router={{ hook: memoryLocation({ path: '/problem' }).hook }} appId={null} />);
    await act(async () => {});
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(document.querySelector('h1')?.textContent).not.toBe('');
    // The previous test's tab (token tok-new) may still flush its slide views as it closes; the
    // standalone deck itself has no token and must make no call at all.
    expect(server.requests.filter((request) => request.headers.authorization !== 'Bearer tok-new')).toEqual([]);
  });
});
