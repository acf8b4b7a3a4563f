import { Route, Switch, useLocation } from 'wouter';
import { NotFound } from './NotFound.tsx';
import { allSlides } from './slideRegistry.ts';
import { SlideRoute } from './SlideRoute.tsx';

/** One route per page of the registry, the 404 screen for every other path. */
export function DeckRoutes() {
  const [location] = useLocation();
  return (
    <Switch>
      {allSlides.map((slide) => (
        <Route key={slide.name} path={slide.path}>
          <SlideRoute slide={slide} />
        </Route>
      ))}
      <Route>
        <NotFound path={location} />
      </Route>
    </Switch>
  );
}
