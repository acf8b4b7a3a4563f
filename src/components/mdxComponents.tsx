import type { MdxComponentName } from '../content/mdxComponentNames.ts';
import { Audiences } from './Audiences.tsx';
import { BrandOverview } from './BrandOverview.tsx';
import { Cards } from './Cards.tsx';
import { Columns } from './Columns.tsx';
import { ConsultationButton } from './ConsultationButton.tsx';
import { Ecosystem } from './Ecosystem.tsx';
import { LinkButton } from './LinkButton.tsx';
import { Mascot } from './Mascot.tsx';
import { Note } from './Note.tsx';
import { PartnerFooter } from './PartnerFooter.tsx';
import { Section } from './Section.tsx';
import { Setting } from './Setting.tsx';
import { Sites } from './Sites.tsx';
import { SlideLink } from './SlideLink.tsx';
import { StatNote } from './StatNote.tsx';
import { Stats } from './Stats.tsx';
import { Steps } from './Steps.tsx';
import { Stories } from './Stories.tsx';
import { Timeline } from './Timeline.tsx';

/** Everything a slide body may use, by the name it writes in MDX. */
export const mdxComponents = {
  Audiences,
  BrandOverview,
  Cards,
  Columns,
  ConsultationButton,
  Ecosystem,
  LinkButton,
  Mascot,
  Note,
  PartnerFooter,
  Section,
  Setting,
  Sites,
  SlideLink,
  StatNote,
  Stats,
  Steps,
  Stories,
  Timeline,
} satisfies Record<MdxComponentName, unknown>;
