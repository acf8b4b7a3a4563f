import { lazy, Suspense } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { canonicalRoute } from '../content/slidePath.ts';
// Few visitors ever meet it, so it stays out of the first visit's bytes (the first-visit budget).
const NotFound = lazy(() => import('./NotFound.tsx').then((module) => ({ default: module.NotFound })));
import { PlainLayout, type PageLayout } from './PageLayout.tsx';
import { allSlides, slideAtPath } from '../registry/slideRegistry.ts';
import { SlideRoute } from './SlideRoute.tsx';
import { SlideTransition } from './SlideTransition.tsx';

/**
 * The screen for the current route, from the registry: a page, a redirect from another spelling of
 * a page's route (`/executive-summary`, a trailing slash), or the 404 screen.
 */
export function DeckScreens({ Layout = PlainLayout }: { Layout?: PageLayout | undefined }) {
  const [location] = useLocation();
  const search = useSearch();
  const slide = slideAtPath(location);
  if (!slide) {
    const canonical = canonicalRoute(location, allSlides);
    if (canonical && canonical !== location) return <Redirect to={search ? `${canonical}?${search}` : canonical} replace />;
  }
  return (
    <Layout currentPageName={slide?.name ?? 'NotFound'}>
      <SlideTransition routeKey={location}>
        {(animate) =>
          slide ? (
            <SlideRoute slide={slide} animate={animate} />
          ) : (
            <Suspense fallback={null}>
              <NotFound path={location} />
            </Suspense>
          )
        }
      </SlideTransition>
    </Layout>
  );
}
