// The audit log's actions with the words the console shows for each: the platform, the
// console and the tests import them; the deck's client does not (schemas/auditPaths.ts).

/** Every action the log records, with the words the console shows for it. */
export const AUDIT_ACTIONS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  password_changed: 'Changed password',
  password_reset: 'Reset password',
  invitation_sent: 'Invitation sent',
  invitation_resent: 'Invitation resent',
  invitation_accepted: 'Invitation accepted',
  invitation_withdrawn: 'Invitation withdrawn',
  access_revoked: 'Access revoked',
  user_deleted: 'Person deleted',
  role_changed: 'Role changed',
  expiry_changed: 'Expiry changed',
  prepared_for_changed: 'Prepared-for changed',
  domain_added: 'Domain allowed',
  domain_changed: 'Domain rule changed',
  domain_removed: 'Domain removed',
  deck_settings_changed: 'Deck settings changed',
  access_requested: 'Access requested',
  access_approved: 'Access approved',
  access_declined: 'Access declined',
  consultation_requested: 'Consultation requested',
  consultation_decided: 'Consultation marked',
  question_asked: 'Question asked',
  question_answered: 'Question answered',
  question_deleted: 'Question deleted',
  agreement_accepted: 'Agreement accepted',
  agreement_declined: 'Agreement declined',
  pdf_downloaded: 'PDF downloaded',
  speaker_notes_viewed: 'Speaker notes viewed',
  follow_started: 'Presenting started',
  follow_stopped: 'Presenting stopped',
  version_note_set: 'Version note set',
  test_mail_sent: 'Test mail sent',
} as const;

/** One action of the log. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;
