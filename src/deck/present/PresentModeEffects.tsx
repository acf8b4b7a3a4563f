import { useEffect } from 'react';
import { fitSlidesIn, scaleCanvasToWindow } from './presentCanvas.ts';
import { isPresenting, leavePresentMode } from './presentMode.ts';
import './present.css';

/** The class on <html> while the pointer rests in present mode: the header and the bar step aside. */
export const PRESENT_IDLE_CLASS = 'present-idle';
/** How long the pointer rests before the header and the bar hide. */
export const PRESENT_IDLE_MS = 2000;

/**
 * Present mode's behaviour, loaded when it is first entered: the canvas scaled to the window and
 * each page fitted to the canvas; the header and the bottom bar hide while the pointer rests and
 * come back when it moves (or when a key takes focus into them); and leaving full screen (the
 * browser's own Esc) leaves present mode.
 */
export default function PresentModeEffects() {
  useEffect(() => {
    const main = document.getElementById('main');
    const stopScaling = scaleCanvasToWindow();
    const stopFitting = main ? fitSlidesIn(main) : undefined;
    return () => {
      stopFitting?.();
      stopScaling();
    };
  }, []);
  useEffect(() => {
    const root = document.documentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rest = () => {
      clearTimeout(timer);
      timer = setTimeout(() => root.classList.add(PRESENT_IDLE_CLASS), PRESENT_IDLE_MS);
    };
    const wake = () => {
      root.classList.remove(PRESENT_IDLE_CLASS);
      rest();
    };
    let wasFullscreen = document.fullscreenElement !== null;
    const onFullscreen = () => {
      const now = document.fullscreenElement !== null;
      if (wasFullscreen && !now && isPresenting()) leavePresentMode();
      wasFullscreen = now;
    };
    // Hidden from the start: a presenter opening ?mode=present wants the slide, not the chrome.
    root.classList.add(PRESENT_IDLE_CLASS);
    window.addEventListener('pointermove', wake, { passive: true });
    window.addEventListener('pointerdown', wake, { passive: true });
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      clearTimeout(timer);
      root.classList.remove(PRESENT_IDLE_CLASS);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('pointerdown', wake);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, []);
  return null;
}
