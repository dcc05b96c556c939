// The hook is the client's (src/lib/); the admin layout's width stays here.
export { useMediaQuery } from '../../../lib/use-media-query';

/** The admin panel's minimum width (Tailwind's `lg`): the one the sign-in landing reads too. */
export { ADMIN_PANEL_QUERY as WIDE_SCREEN_QUERY } from '../../../lib/admin-landing';
