import { useEffect } from 'react';
import { stampText } from '../../schemas/engagementPaths.ts';
import { stampSlides } from './stampSlides.ts';
import './watermark.css';

/** Loaded only while the watermark is on: every slide carries the viewer's email and today's date (UTC). */
export default function Watermark({ email }: { email: string }) {
  useEffect(() => {
    const main = document.getElementById('main');
    return main ? stampSlides(main, stampText(email, new Date())) : undefined;
  }, [email]);
  return null;
}
