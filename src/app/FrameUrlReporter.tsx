import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { postToParent } from './frameMessages.ts';

/** On each location change, tell a parent window the full current address. */
export function FrameUrlReporter() {
  const [location] = useLocation();
  useEffect(() => {
    postToParent({ type: 'app_changed_url', url: window.location.href });
  }, [location]);
  return null;
}
