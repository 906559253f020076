/**
 * Blocks are previewed only inside the layout editor, whose i18next namespace is loaded then:
 * the preview's notes are the editor's texts, named here by their namespace (blocks do not
 * import features).
 */
export const EDITOR_NAMESPACE = 'layoutBuilder';
