/** In-page anchors on the landing page. */
export const HOW_IT_WORKS_SECTION_ID = 'how-it-works';
export const FAQ_SECTION_ID = 'faq';
export const GET_STARTED_SECTION_ID = 'get-started';
