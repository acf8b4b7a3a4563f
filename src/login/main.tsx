import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createLoginClient } from './loginClient.ts';
import { LoginPage } from './LoginPage.tsx';
import { loginTarget } from './loginTarget.ts';
import './login.css';

// The page's only start-up effects: read the address once, mount, and leave after a sign-in.
const { client, fromUrl } = createLoginClient();
const target = loginTarget(fromUrl, window.location.origin);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoginPage client={client} search={window.location.search} onSignedIn={() => window.location.assign(target)} />
  </StrictMode>,
);
