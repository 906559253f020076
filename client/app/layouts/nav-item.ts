/** A navigation entry; `badge` is a count shown beside the label (unread messages, formatted) with its spoken text. */
export interface NavItem { key: string; label: string; href: string; end?: boolean; badge?: { text: string; label: string } }
