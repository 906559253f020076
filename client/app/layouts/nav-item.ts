export interface NavItem { key: string; label: string; href: string; end?: boolean }
