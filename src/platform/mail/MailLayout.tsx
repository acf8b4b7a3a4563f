/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above: scripts run by tsx outside the repository (npm run invite in a deck folder) find no tsconfig.json.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import type { MailDraft } from './mailDraft.ts';
import type { MailFooter } from './mailWording.ts';

// The deck's one mail template, as HTML: the company's logo and name, a heading, the words, one
// button with its address written out beneath it, and the footer every mail carries. React Email's
// pieces give the table layout and inline styles that mail clients (Outlook's Word engine among
// them) render the same; nothing here loads from the web, so a client that blocks remote images
// still shows the whole mail (the logo travels with it as an inline attachment).

/** The `cid:` of the logo attached to every mail that has one (mailer.ts). */
export const LOGO_CID = 'logo@deck';

const INK = '#0b1f3a';
const MUTED = '#4b5563';
const font = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const styles = {
  body: { backgroundColor: '#f3f4f6', margin: 0, padding: '24px 0', fontFamily: font },
  card: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', borderRadius: '8px', border: '1px solid #e5e7eb' },
  header: { padding: '24px 32px 0' },
  company: { fontSize: '18px', fontWeight: 700, color: INK, margin: 0, lineHeight: '40px' },
  main: { padding: '8px 32px 8px' },
  heading: { fontSize: '22px', lineHeight: '30px', color: INK, margin: '16px 0 8px', fontWeight: 700 },
  // An address in a sentence breaks where it must, not past a phone's edge.
  text: { fontSize: '16px', lineHeight: '24px', color: '#111827', margin: '12px 0', overflowWrap: 'anywhere', wordBreak: 'break-word' },
  button: { backgroundColor: INK, color: '#ffffff', borderRadius: '6px', fontSize: '16px', fontWeight: 700, padding: '14px 28px', textDecoration: 'none' },
  linkNote: { fontSize: '14px', lineHeight: '20px', color: MUTED, margin: '16px 0 4px' },
  link: { fontSize: '14px', lineHeight: '20px', color: '#1d4ed8', wordBreak: 'break-all' },
  code: {
    fontSize: '32px',
    lineHeight: '40px',
    letterSpacing: '6px',
    fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
    fontWeight: 700,
    color: INK,
    margin: '16px 0',
  },
  sentBy: { fontSize: '14px', lineHeight: '20px', color: MUTED, margin: '20px 0 8px' },
  rule: { borderColor: '#e5e7eb', margin: '16px 0' },
  footer: { padding: '0 32px 24px' },
  small: { fontSize: '12px', lineHeight: '18px', color: MUTED, margin: '4px 0', overflowWrap: 'anywhere', wordBreak: 'break-word' },
} satisfies Record<string, CSSProperties>;

export interface MailLayoutProps {
  draft: MailDraft;
  company: string;
  footer: MailFooter;
  /** Whether the logo is attached (LOGO_CID); without one the company's name stands alone. */
  logo: boolean;
}

/** One mail as HTML: the same words as its plain-text part (mailPlainText.ts), in the same order. */
export function MailLayout({ draft, company, footer, logo }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <title>{draft.subject}</title>
      </Head>
      <Preview>{draft.heading}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Section style={styles.header}>
            <Text style={styles.company}>
              {logo ? (
                <Img
                  src={`cid:${LOGO_CID}`}
                  width="40"
                  height="40"
                  alt=""
                  style={{ display: 'inline-block', verticalAlign: 'middle', marginRight: '12px', borderRadius: '8px' }}
                />
              ) : null}
              <span style={{ verticalAlign: 'middle' }}>{company}</span>
            </Text>
          </Section>
          <Section style={styles.main}>
            <Heading as="h1" style={styles.heading}>
              {draft.heading}
            </Heading>
            {draft.intro.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a draft's paragraphs never move
              <Text key={index} style={styles.text}>
                {paragraph}
              </Text>
            ))}
            {draft.code ? <Text style={styles.code}>{draft.code}</Text> : null}
            {draft.action ? (
              <Section style={{ margin: '24px 0 0' }}>
                <Button href={draft.action.url} style={styles.button}>
                  {draft.action.label}
                </Button>
                <Text style={styles.linkNote}>If the button does not work, copy this address into your browser:</Text>
                <Link href={draft.action.url} style={styles.link}>
                  {draft.action.url}
                </Link>
              </Section>
            ) : null}
            {(draft.outro ?? []).map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a draft's paragraphs never move
              <Text key={index} style={styles.text}>
                {paragraph}
              </Text>
            ))}
            {draft.sentBy ? <Text style={styles.sentBy}>Sent by {draft.sentBy}.</Text> : null}
          </Section>
          <Section style={styles.footer}>
            <Hr style={styles.rule} />
            <Text style={styles.small}>
              {footer.sender} ·{' '}
              <Link href={footer.url} style={{ color: MUTED }}>
                {footer.url}
              </Link>
            </Text>
            <Text style={styles.small}>{footer.why}</Text>
            <Text style={styles.small}>{footer.unexpected}</Text>
            <Text style={styles.small}>{footer.never}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
