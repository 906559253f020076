/**
 * DOM tests wait for what a person would see (findBy…, waitFor) up to 5 s, not Testing Library's
 * default 1 s: CI runs the unit files beside the API and end-to-end lanes on two cores, where a
 * render with the forms stack can take longer than a second without anything being wrong (a
 * prescriptions test failed that way once under load and passed alone). A real failure still
 * fails, only later.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
