import { createContext, useContext } from 'react';
import type { ViewerPartner } from '../../schemas/viewerPartner.ts';

/** A consultation request as the contact page's form sends it (ConsultationBody in schemas/accessWire.ts). */
export interface ConsultationRequest {
  preferred_times: string;
  message?: string;
}

/** What slide components know of the person viewing, and what they may ask the platform for. */
export interface ViewerContextValue {
  /** The partner this viewer is pitched as (schemas/viewerPartner.ts); null while not known: slots stay empty. */
  partner: ViewerPartner | null;
  /** Sends a consultation request to the deck's admins; absent in a standalone build. Rejects with a FormError. */
  requestConsultation?: (request: ConsultationRequest) => Promise<void>;
}

/** In the prerender: nobody known, nothing to send, no partner named. The app root fills it (ViewerServices). */
export const ViewerContext = createContext<ViewerContextValue>({ partner: null });

/** The viewer the root put in context. */
export function useViewer(): ViewerContextValue {
  return useContext(ViewerContext);
}
