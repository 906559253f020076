// Sends the login form with the page's anti-forgery token in a header, then follows the
// redirect address the gateway answers with. Errors are shown in the page's language.
const form = document.getElementById('login');
const error = document.getElementById('error');
const token = document.querySelector('meta[name="csrf-token"]').content;
const button = form.querySelector('button');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const label = button.textContent;
  button.disabled = true;
  button.textContent = form.dataset.submitting;
  error.hidden = true;
  const data = Object.fromEntries(new FormData(form));
  try {
    const response = await fetch(`/auth/login?l=${document.documentElement.lang}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(data),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok && body.redirectTo) {
      window.location.assign(body.redirectTo);
      return;
    }
    error.textContent = body.message || form.dataset.networkError;
  } catch {
    error.textContent = form.dataset.networkError;
  }
  error.hidden = false;
  button.disabled = false;
  button.textContent = label;
  document.getElementById('password').select();
});
