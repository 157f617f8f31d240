import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type Context,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

// The app's router: the few pieces of React Router's API it uses (BrowserRouter, Routes, Route,
// Outlet, Link, useNavigate, useLocation) on the History API. Its routes are flat paths under one
// layout, so no matching engine is needed; React Router cost 37 KB of the first screen's script
// (~10 KB on the wire), over the 75 KB budget of issue 17.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry ('default' for the first): changes on every navigation. */
  key: string;
}

interface NavigateOptions {
  replace?: boolean;
}
type Navigate = (to: string, options?: NavigateOptions) => void;

const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<Navigate | null>(null);
const OutletContext = createContext<ReactNode>(null);

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state: unknown = window.history.state;
  const key =
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { key?: unknown }).key === 'string'
      ? (state as { key: string }).key
      : 'default';
  return { pathname, search, hash, key };
}

/** Holds the location; navigations render in a transition, so the screen stays until the next is ready. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  const update = useCallback(() => startTransition(() => setLocation(currentLocation())), []);
  useLayoutEffect(() => {
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, [update]);
  const navigate = useCallback<Navigate>(
    (to, options = {}) => {
      const state = { key: Math.random().toString(36).slice(2, 10) };
      if (options.replace) window.history.replaceState(state, '', to);
      else window.history.pushState(state, '', to);
      update();
    },
    [update],
  );
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

function useRouterContext<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`${name} is used outside <BrowserRouter>`);
  return value;
}

export const useLocation = (): Location => useRouterContext(LocationContext, 'useLocation');
/** Stable across renders (effects may depend on it). */
export const useNavigate = (): Navigate => useRouterContext(NavigateContext, 'useNavigate');

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route for <Routes>; renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/**
 * The route's element for a path: exact paths, `index` for '/', '/x/*' for any path under /x/
 * (the screen reads the rest, e.g. /leads/:id), '*' for anything else.
 */
function match(routes: ReactNode, pathname: string): ReactNode | undefined {
  let fallback: ReactNode | undefined;
  for (const child of Children.toArray(routes)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const { path, index, element, children } = child.props;
    if (children !== undefined) {
      // a layout route: its element renders the matched child at its <Outlet />
      const inner = match(children, pathname);
      if (inner !== undefined) {
        return <OutletContext.Provider value={inner}>{element}</OutletContext.Provider>;
      }
    } else if (
      (index && pathname === '/') ||
      path === pathname ||
      (path?.endsWith('/*') && pathname.startsWith(path.slice(0, -1)))
    ) {
      return element;
    } else if (path === '*') {
      fallback = element;
    }
  }
  return fallback;
}

export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return match(children, trimmed) ?? null;
}

/** Where a layout route renders its matched child. */
export function Outlet() {
  return useContext(OutletContext);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An <a href> that navigates in the app on a plain left click (new tab and the like stay the browser's). */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain =
      event.button === 0 &&
      !event.metaKey &&
      !event.altKey &&
      !event.ctrlKey &&
      !event.shiftKey &&
      (!target || target === '_self');
    if (event.defaultPrevented || !plain) return;
    event.preventDefault();
    // a link to the page already shown replaces it, as React Router does
    navigate(to, { replace: to === pathname });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
