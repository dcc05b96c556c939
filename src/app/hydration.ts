import type { DehydratedState } from '@tanstack/react-query';

/**
 * The element a server-rendered page carries its catalogue data in: a JSON data block, which
 * browsers never run, so the Content-Security-Policy needs no exception for it.
 */
export const STATE_ELEMENT_ID = 'vm-state';

/** `state` as the text of a <script type="application/json">: no `<` can end the element early. */
export function stateScript(state: DehydratedState): string {
  return `<script type="application/json" id="${STATE_ELEMENT_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The page's data, as fresh as the page: the server sends a page only while its data is current
 * (a change stales both), so its queries count as fetched now and are not asked for again.
 */
export function freshState(state: DehydratedState, now: number): DehydratedState {
  return { ...state, queries: state.queries.map((query) => ({ ...query, dehydratedAt: now, state: { ...query.state, dataUpdatedAt: now } })) };
}
