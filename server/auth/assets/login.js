// Sends the login form (or the first-login form: the form's action says where) with the page's
// anti-forgery token in a header, then follows the redirect address the gateway answers with. Errors are shown in the page's language: a field's
// own message beside it (checked here first with the browser's constraint validation, whose
// messages come from the page's data attributes, and again by the gateway), the rest below.
const form = document.getElementById('login');
const error = document.getElementById('error');
const token = document.querySelector('meta[name="csrf-token"]').content;
const button = form.querySelector('button');
const fields = [...form.querySelectorAll('input[aria-describedby]')];

/** A field's message slot: the element `<id>-error` (aria-describedby may also name a hint). */
const slotOf = (input) => document.getElementById(`${input.id}-error`);

function showFieldError(input, message) {
  const slot = slotOf(input);
  slot.textContent = message;
  slot.hidden = false;
  input.setAttribute('aria-invalid', 'true');
}

function clearErrors() {
  error.hidden = true;
  for (const input of fields) {
    input.removeAttribute('aria-invalid');
    slotOf(input).hidden = true;
  }
}

/** The message of the first constraint the field breaks, or undefined. */
function localCheck(input) {
  if (input.validity.valueMissing) return input.dataset.valueMissing;
  if (input.validity.typeMismatch) return input.dataset.typeMismatch;
  if (input.validity.tooShort) return input.dataset.tooShort;
  return undefined;
}

for (const input of fields) {
  // Once a field has been flagged, its message goes away as soon as it is corrected.
  input.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true' && !localCheck(input)) {
      input.removeAttribute('aria-invalid');
      slotOf(input).hidden = true;
    }
  });
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  clearErrors();
  const invalid = fields.filter((input) => {
    const message = localCheck(input);
    if (message) showFieldError(input, message);
    return Boolean(message);
  });
  if (invalid.length > 0) {
    invalid[0].focus();
    return;
  }
  const label = button.textContent;
  button.disabled = true;
  button.textContent = form.dataset.submitting;
  const data = Object.fromEntries(new FormData(form));
  try {
    const response = await fetch(`${form.getAttribute('action')}?l=${document.documentElement.lang}`, {
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
    // Field errors from the gateway go beside their field; anything else below the form.
    const placed = (body.errors ?? []).filter((e) => {
      const input = fields.find((i) => e.field === `body.${i.name}`);
      if (input) showFieldError(input, e.message);
      return Boolean(input);
    });
    if (placed.length === 0) {
      error.textContent = body.message || form.dataset.networkError;
      error.hidden = false;
    }
  } catch {
    error.textContent = form.dataset.networkError;
    error.hidden = false;
  }
  button.disabled = false;
  button.textContent = label;
  // The first field flagged, or else the first password field, ready to be typed again.
  (fields.find((input) => input.getAttribute('aria-invalid') === 'true') ?? form.querySelector('input[type=password]')).select();
});
