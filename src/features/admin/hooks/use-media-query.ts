// The hook is the client's (src/lib/); the admin layout's width stays here.
export { useMediaQuery } from '../../../lib/use-media-query';

/** The admin panel's minimum width (Tailwind's `lg`). */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
