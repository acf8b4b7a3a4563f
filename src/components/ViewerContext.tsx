import { createContext, useContext } from 'react';
import type { PreparedFor } from '../../schemas/accessWire.ts';

/** A consultation request as the contact page's form sends it (ConsultationBody in schemas/accessWire.ts). */
export interface ConsultationRequest {
  preferred_times: string;
  message?: string;
}

/** What slide components know of the person viewing, and what they may ask the platform for. */
export interface ViewerContextValue {
  /** The person's own "Prepared for" (issue 11): shown instead of the deck-wide partner name. */
  preparedFor: PreparedFor | null;
  /** Sends a consultation request to the deck's admins; absent in a standalone build. Rejects with a FormError. */
  requestConsultation?: (request: ConsultationRequest) => Promise<void>;
}

/** Standalone and in the prerender: nobody known, nothing to send. The app root fills it from the session. */
export const ViewerContext = createContext<ViewerContextValue>({ preparedFor: null });

/** The viewer the root put in context. */
export function useViewer(): ViewerContextValue {
  return useContext(ViewerContext);
}
