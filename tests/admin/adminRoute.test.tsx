// What ADMIN_PATH shows: the console for an admin with a platform client, the deck's own
// screens (its 404 there) for a viewer, elsewhere, or standalone. The console is the real lazy chunk
// on a real client; its platform is unreachable here, so each section says so instead of a list.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ADMIN_PATH, showsAdminConsole } from '../../schemas/accessPaths.ts';
import type { GateSession } from '../../src/auth/AuthGate.tsx';
import { AdminRoute } from '../../src/app/AdminRoute.tsx';
import { createClient, type Base44Client } from '../../src/sdk/index.ts';
import { eventually } from '../support/waitFor.ts';

const clients: Base44Client[] = [];
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.cleanup();
});

/** A real client whose platform does not answer (port 9, discard: nothing listens on loopback). */
function unreachableClient(): Base44Client {
  const client = createClient({ serverUrl: 'http://127.0.0.1:9', appId: 'deck', storage: null, location: null, history: null, logger: { error: () => {} } });
  clients.push(client);
  return client;
}

function renderAt(path: string, session: GateSession) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <AdminRoute session={session}>
        <p>the deck's screens</p>
      </AdminRoute>
    </Router>,
  );
}

describe('showsAdminConsole', () => {
  it('is true only for an admin at ADMIN_PATH', () => {
    expect(showsAdminConsole(ADMIN_PATH, 'admin')).toBe(true);
    expect(showsAdminConsole(ADMIN_PATH, 'user')).toBe(false);
    expect(showsAdminConsole(ADMIN_PATH, undefined)).toBe(false);
    expect(showsAdminConsole(`${ADMIN_PATH}/`, 'admin')).toBe(false);
    expect(showsAdminConsole('/market', 'admin')).toBe(false);
  });
});

describe('AdminRoute', () => {
  it('leaves the deck alone for a viewer at /admin, an admin elsewhere, and standalone', async () => {
    const client = unreachableClient();
    for (const [path, session] of [
      [ADMIN_PATH, { user: { id: 'v', role: 'user' }, client }],
      ['/market', { user: { id: 'a', role: 'admin' }, client }],
      [ADMIN_PATH, { user: { id: 'a', role: 'admin' } }],
      [ADMIN_PATH, { user: null }],
    ] as const) {
      renderAt(path, session);
      await act(async () => {});
      expect(screen.getByText("the deck's screens")).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Admin console' })).toBeNull();
      cleanup();
    }
  });

  it('loads the console for an admin at /admin in place of the deck, and says when the platform cannot be reached', async () => {
    renderAt(ADMIN_PATH, { user: { id: 'a', email: 'admin@deck.test', role: 'admin' }, client: unreachableClient() });
    await eventually(() => screen.getByRole('heading', { level: 1, name: 'Admin console' }), {
      timeoutMs: 15_000,
      what: 'the console chunk (its route, then the console: two lazy modules to transform)',
    });
    expect(screen.queryByText("the deck's screens")).toBeNull();
    for (const name of ['Invite someone', 'People', 'Live', 'Engagement', 'Allowed domains', 'Access requests', 'Consultation requests', 'Settings']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    // People, domains, both requests, the views and the settings each say so; the live list too, from its socket.
    await eventually(() => expect(screen.getAllByText(/could not be reached/).length).toBeGreaterThanOrEqual(6), { timeoutMs: 5000, what: 'the load errors' });
    await eventually(() => screen.getByText(/The live list can’t reach the platform right now/), { timeoutMs: 10_000, what: 'the live list’s socket error' });
  }, 40_000);
});
