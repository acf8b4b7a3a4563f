import { useEffect, useState } from 'react';
import type { DeviceKind } from '../../schemas/engagementPaths.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';
import { startPresence, type PresenceReporter } from './presenceReporter.ts';

/** While `enabled`, reports the viewer's slide and device over the access socket on each change (null: off the slides, nothing new). */
export function usePresence(path: string | null, device: DeviceKind, enabled: boolean, share: typeof shareAccessSocket): void {
  const [reporter, setReporter] = useState<PresenceReporter | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const started = startPresence(share);
    setReporter(started);
    return () => {
      started.stop();
      setReporter(null);
    };
  }, [enabled, share]);
  useEffect(() => {
    if (reporter && path) reporter.report({ path, device });
  }, [reporter, path, device]);
}
