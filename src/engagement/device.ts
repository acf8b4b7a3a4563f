import { deviceKind, type DeviceKind } from '../../schemas/engagementPaths.ts';

/** This screen's kind (phone, tablet, desktop), from its width and whether its main pointer is touch. */
export function currentDevice(view: Window = window): DeviceKind {
  return deviceKind(view.innerWidth, view.matchMedia?.('(pointer: coarse)').matches ?? false);
}
