import { BrandMark } from './BrandMark.tsx';
import { useSlide } from './SlideContext.tsx';
import { DomainName } from './DomainName.tsx';

/** The websites of the brands the slide lists (`brands:` in its frontmatter), in that order. */
export function Sites() {
  const { records, brands } = useSlide();
  const listed = (records.brands ?? []).map((id) => brands.find((brand) => brand.id === id)!).filter(Boolean);
  return (
    <ul className="site-list" role="list">
      {listed.map((brand) => (
        <li key={brand.id}>
          <BrandMark brand={brand} />
          <span>
            <span className="site-list__name">{brand.name}</span>
            <span className="site-list__domain">
              <DomainName domain={brand.domain} />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
