import { useEffect, useState } from 'react';
import type { DeviceKind } from '../../schemas/engagementPaths.ts';
import type { PresenceReporter } from './presenceReporter.ts';

/** While `enabled`, reports the viewer's slide over the access socket on each change (null: no slide, nothing new). */
export function usePresence(path: string | null, enabled: boolean): void {
  const [reporter, setReporter] = useState<{ presence: PresenceReporter; device: () => DeviceKind } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let presence: PresenceReporter | null = null;
    void import('./sessionFeeds.ts').then(({ startPresence, currentDevice }) => {
      if (stopped) return;
      presence = startPresence();
      setReporter({ presence, device: () => currentDevice() });
    });
    return () => {
      stopped = true;
      presence?.stop();
      setReporter(null);
    };
  }, [enabled]);
  useEffect(() => {
    if (reporter && path) reporter.presence.report({ path, device: reporter.device() });
  }, [reporter, path]);
}
