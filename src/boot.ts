import './styles.css';
import { STATE_ELEMENT_ID } from './app/hydration';

/*
 * The page's only script tag. A page the server rendered is readable before any script runs:
 * its app code (React and the screens, about 115 KB gzipped) is fetched once that page has
 * painted, so on a slow phone connection it does not take bandwidth from the first paint and the
 * page's largest picture. A page the browser renders alone (cart, orders, admin) loads it at once.
 */
const loadApp = () => void import('./main');

if (document.getElementById(STATE_ELEMENT_ID)) {
  // The frame after the first one: the server's HTML is on screen by then.
  requestAnimationFrame(() => setTimeout(loadApp, 0));
} else {
  loadApp();
}
