// Ends the session with a POST carrying the session's anti-forgery token (a GET never changes
// state), then goes to the target address whatever the outcome.
const token = document.querySelector('meta[name="csrf-token"]').content;
const target = document.querySelector('meta[name="target-url"]').content;
fetch('/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': token } })
  .finally(() => window.location.replace(target));
