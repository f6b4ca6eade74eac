// The console's one client script (a vanilla ES module, served from /__admin/console/assets/console.js).
// Pages are rendered on the server; this only sends their forms and buttons as JSON to the control
// plane, logs in, runs the live journal, and keeps the header clock and the diary in step with the
// account. It is plain JavaScript kept as a string so the build ships it as it is; it uses no
// template literal, so it can live inside one.

export const CONSOLE_JS = String.raw`
const $ = (selector, root) => (root || document).querySelector(selector);
const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));

function say(out, text, failed) {
  if (!out) {
    if (failed) window.alert(text);
    return;
  }
  out.classList.toggle('error', Boolean(failed));
  out.textContent = text;
}

/** One control-plane call; the session cookie goes with it (same origin). */
async function send(method, url, body, headers) {
  const init = { method: method, headers: Object.assign({ accept: 'application/json' }, headers || {}) };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch (_) {
    json = null;
  }
  if (!res.ok) throw new Error((json && json.error) || res.status + ' ' + res.statusText);
  return json;
}

/** A field's value as the control plane wants it; undefined leaves the field out. */
function valueOf(field) {
  const kind = field.dataset.type || field.type;
  if (kind === 'checkbox') return field.checked;
  const text = field.value.trim();
  if (text === '') return undefined;
  if (kind === 'number') return Number(text);
  if (kind === 'lines') return text.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean);
  if (kind === 'json') return JSON.parse(text);
  if (kind === 'datetime-local') return new Date(text + 'Z').toISOString(); // the console shows UTC
  return text;
}

function bodyOf(element) {
  if (element.dataset.body) return JSON.parse(element.dataset.body);
  if (!(element instanceof HTMLFormElement)) return undefined;
  const whole = $('[data-whole]', element);
  if (whole) return valueOf(whole);
  const fields = $$('[name]', element).filter((f) => !f.disabled);
  if (fields.length === 0) return undefined;
  const body = {};
  for (const field of fields) {
    const value = valueOf(field);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

function fieldsOf(value) {
  const list = document.createElement('dl');
  for (const [key, item] of Object.entries(value || {})) {
    const term = document.createElement('dt');
    term.textContent = key;
    const detail = document.createElement('dd');
    if (item !== null && typeof item === 'object') {
      const pre = document.createElement('pre');
      pre.textContent = JSON.stringify(item, null, 2);
      detail.append(pre);
    } else {
      detail.textContent = String(item);
    }
    list.append(term, detail);
  }
  return list;
}

/** Draws the elements with these ids again from a fresh copy of the page (same address). */
async function redraw(ids) {
  const res = await fetch(window.location.href, { headers: { accept: 'text/html' } });
  if (!res.ok) return;
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html');
  for (const id of ids) {
    const now = document.getElementById(id);
    const next = fresh.getElementById(id);
    if (now && next) now.replaceWith(document.importNode(next, true));
  }
}

async function act(element, out) {
  if (element.dataset.confirm && !window.confirm(element.dataset.confirm)) return;
  try {
    say(out, 'Working…');
    const body = bodyOf(element);
    // A path such as /__admin/accounts/{name} takes the named field's value, which leaves the body: every
    // call about an account names it in its path, so a proxy routing by account sends it to its node.
    const url = element.dataset.api.replace(/\{(\w+)\}/g, (_, field) => {
      const value = body ? body[field] : undefined;
      if (body) delete body[field];
      return encodeURIComponent(value === undefined ? '' : String(value));
    });
    const result = await send(element.dataset.method || 'POST', url, body);
    const then = element.dataset.then || 'reload';
    if (then === 'reload') window.location.reload();
    else if (then.startsWith('goto:')) window.location.assign(then.slice(5));
    else if (out) {
      out.classList.remove('error');
      out.replaceChildren(fieldsOf(result));
    }
    if (element.dataset.refresh) await redraw(element.dataset.refresh.split(' '));
  } catch (error) {
    say(out, error.message, true);
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.api) return;
  event.preventDefault();
  act(form, $('output', form));
});

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-api]') : null;
  if (!button) return;
  event.preventDefault();
  act(button, $('#' + (button.dataset.out || 'status')));
});

// Snapshots: the download link asks for a passphrase when the account has webhooks (their signing
// secrets travel sealed under it); a chosen file is PUT to the control plane in place of the account.
const SNAPSHOT_KEY = 'X-Snapshot-Key';
const SEALED_NOTE = 'Webhook signing secrets travel sealed under a passphrase. ';

const download = $('#snapshot-download');
if (download) {
  download.addEventListener('click', async (event) => {
    if (download.dataset.sealed !== 'true') return;
    event.preventDefault();
    const passphrase = window.prompt(SEALED_NOTE + 'Passphrase to seal them under (needed again to restore):');
    if (!passphrase) return;
    try {
      const res = await fetch(download.href, { headers: { accept: 'application/json', [SNAPSHOT_KEY]: passphrase } });
      if (!res.ok) {
        const json = await res.json().catch(() => null);
        throw new Error((json && json.error) || res.status + ' ' + res.statusText);
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = download.getAttribute('download');
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      say($('#status'), error.message, true);
    }
  });
}

const restoreFile = $('#snapshot-file');
if (restoreFile) {
  restoreFile.addEventListener('change', async () => {
    const file = restoreFile.files && restoreFile.files[0];
    if (!file) return;
    const out = $('#status');
    try {
      let snapshot;
      try {
        snapshot = JSON.parse(await file.text());
      } catch (_) {
        throw new Error(file.name + ': not a JSON file');
      }
      const headers = {};
      if (snapshot && snapshot.sealedWith) {
        const passphrase = window.prompt(SEALED_NOTE + 'Passphrase the snapshot was taken with:');
        if (!passphrase) return;
        headers[SNAPSHOT_KEY] = passphrase;
      }
      const account = restoreFile.dataset.account;
      if (!window.confirm('Replace account ' + account + ' with the snapshot in ' + file.name + '?')) return;
      say(out, 'Restoring…');
      await send('PUT', restoreFile.dataset.restore, snapshot, headers);
      window.location.reload();
    } catch (error) {
      say(out, error.message, true);
    } finally {
      restoreFile.value = '';
    }
  });
}

const login = $('#login');
if (login) {
  login.addEventListener('submit', async (event) => {
    event.preventDefault();
    const token = $('#token').value.trim();
    try {
      await send('POST', login.dataset.session, undefined, { authorization: 'Bearer ' + token });
      window.location.assign(login.dataset.next);
    } catch (error) {
      say($('output', login), error.message, true);
    }
  });
}

// The header clock and the parts of a page marked data-follow follow the account: its clock and the version
// of its data are polled, so a clock move or a write made elsewhere (control plane, kit, API) shows here.
const clock = $('#account-clock');
if (clock && clock.dataset.live) {
  const minuteOf = (iso) => iso.slice(0, 16).replace('T', ' ');
  let shown = minuteOf(clock.dataset.now);
  let version = clock.dataset.version;
  let busy = false;
  const follow = async () => {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const live = await send('GET', clock.dataset.live);
      const minute = minuteOf(live.now);
      const changed = minute !== shown || String(live.version) !== version;
      if (!changed) return;
      // A page that shows the clock's day (no date of its own) shows the new day: it is loaded again.
      const pinned = new URL(window.location.href).searchParams.has('date');
      if (minute.slice(0, 10) !== shown.slice(0, 10) && !pinned && $('[data-follow]')) {
        window.location.reload();
        return;
      }
      shown = minute;
      version = String(live.version);
      clock.dataset.now = live.now;
      clock.dataset.version = version;
      clock.textContent = 'Clock ' + minute + ' UTC';
      const parts = $$('[data-follow]').map((element) => element.id).filter(Boolean);
      if (parts.length) await redraw(parts);
    } catch (_) {
      // The next poll tries again.
    } finally {
      busy = false;
    }
  };
  window.setInterval(follow, 2000);
}

// The journal: rows come from the stream (the latest entries first, then each new one).
const journal = $('#journal');
if (journal) {
  const rows = $('tbody', journal);
  const entries = new WeakMap();
  const filters = { method: $('#f-method'), status: $('#f-status'), path: $('#f-path') };
  const live = $('#live');
  const dialog = $('#entry-dialog');
  const limit = Number(journal.dataset.limit || '1000');

  const matches = (entry) => {
    const method = filters.method.value;
    const status = filters.status.value.trim().replace(/x/gi, '');
    const path = filters.path.value.trim().toLowerCase();
    return (
      (!method || entry.method === method) &&
      (!status || String(entry.status).startsWith(status)) &&
      (!path || entry.path.toLowerCase().includes(path))
    );
  };
  const refilter = () => {
    for (const row of rows.rows) row.hidden = !matches(entries.get(row));
  };
  for (const field of Object.values(filters)) field.addEventListener('input', refilter);

  const cell = (text, className) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  };
  const queryText = (query) => {
    const parts = [];
    for (const [name, values] of Object.entries(query || {})) for (const v of values) parts.push(name + '=' + v);
    return parts.length ? '?' + parts.join('&') : '';
  };
  const add = (entry) => {
    const row = document.createElement('tr');
    row.tabIndex = 0;
    row.setAttribute('aria-label', 'Open ' + entry.method + ' ' + entry.path + ' (' + entry.status + ')');
    const status = cell(String(entry.status), 'num');
    const badge = document.createElement('span');
    badge.className = 'badge s' + String(entry.status).charAt(0);
    badge.textContent = status.textContent;
    status.replaceChildren(badge);
    row.append(
      cell(entry.at.slice(0, 19).replace('T', ' ')),
      cell(entry.method),
      cell(entry.path + queryText(entry.query)),
      status,
      cell(entry.fault ? entry.fault.kind : ''),
    );
    entries.set(row, entry);
    row.hidden = !matches(entry);
    rows.prepend(row);
    while (rows.rows.length > limit) rows.deleteRow(-1);
  };
  // The rules that refused the request, by id and source, above the entry's fields (which leave them out).
  const ruleList = $('#entry-rules', dialog);
  const showRules = (entry) => {
    const rules = Array.isArray(entry.rules) ? entry.rules : [];
    ruleList.replaceChildren(
      ...rules.map((rule) => {
        const item = document.createElement('li');
        item.textContent = 'Refused by rule ' + rule.id + ' (' + rule.source + ')';
        return item;
      }),
    );
    ruleList.hidden = rules.length === 0;
  };
  const showEntry = (fields, entry) => {
    const rest = Object.assign({}, entry);
    delete rest.rules;
    showRules(entry);
    fields.replaceChildren(fieldsOf(rest));
  };
  // Rows hold summaries; the whole entry (headers, bodies) is read when a row is opened.
  let opened = 0;
  const open = async (row) => {
    const entry = row && entries.get(row);
    if (!entry) return;
    const mine = ++opened;
    const fields = $('#entry-fields', dialog);
    $('#entry-title', dialog).textContent = entry.method + ' ' + entry.path + ' → ' + entry.status;
    showEntry(fields, entry);
    fields.setAttribute('aria-busy', 'true');
    if (!dialog.open) dialog.showModal();
    try {
      const whole = await send('GET', journal.dataset.entries + '/' + entry.seq);
      if (mine === opened) showEntry(fields, whole);
    } catch (error) {
      const note = document.createElement('p');
      note.className = 'muted';
      note.textContent = 'Only the summary is shown: ' + error.message + '.';
      if (mine === opened) fields.append(note);
    } finally {
      if (mine === opened) fields.removeAttribute('aria-busy');
    }
  };
  rows.addEventListener('click', (event) => open(event.target.closest('tr')));
  rows.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(event.target.closest('tr'));
    }
  });
  $('#entry-close', dialog).addEventListener('click', () => dialog.close());

  const source = new EventSource(journal.dataset.stream);
  source.addEventListener('open', () => {
    live.dataset.state = 'live';
    live.textContent = 'Live';
  });
  source.addEventListener('error', () => {
    live.dataset.state = 'waiting';
    live.textContent = 'Reconnecting…';
  });
  source.addEventListener('reset', () => rows.replaceChildren());
  source.addEventListener('entry', (event) => add(JSON.parse(event.data)));
}
`;
