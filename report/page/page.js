/* The --html page: the index (sortable, searchable) and each type's map,
   drawn when it is opened.  The data is inline (#ph-data); the maps are
   SVG, in zlib chunks (the script data blocks #zN, base64), inflated
   when a map of theirs is opened (DecompressionStream).  The URL's
   fragment opens types: #type=NAME, #i=N, #all (every type, for tests
   and printing).  Once a section is drawn, the root element has
   data-drawn-ms.  */
'use strict';
var phData = JSON.parse(document.getElementById('ph-data').textContent);
// The index shows the first LIMIT rows of its order, LIMIT growing as
// it is scrolled: 8,000 rows laid out at once kept a vmlinux's page from
// painting for seconds.
var PH_ROWS = 300;
var phState = {key: 0, dir: 1, filter: '', order: null, open: -1,
               limit: PH_ROWS};
// The columns of an index row (html.c); WASTED: the bits no member uses,
// shown in bytes and bits.
var PH = {NAME: 0, KIND: 1, SIZE: 2, ALIGN: 3, HOLES: 4, HOLE_BYTES: 5,
          BIT_HOLES: 6, HOLE_BITS: 7, PADDING: 8, BIT_PADDING: 9,
          CACHELINES: 10, SAVED: 11, FILE: 12, LINE: 13, WASTED: 14,
          MAP: 15, SUGGESTED: 16, CLASS: 17, CLASS_PACKED: 18,
          WORTH: 19};

// The allocator's class now and reordered, "kmalloc-96 \u2192 kmalloc-64".
function phClass(t) {
  if (!t[PH.CLASS]) return '';
  return t[PH.CLASS] === t[PH.CLASS_PACKED] ? t[PH.CLASS]
    : t[PH.CLASS] + ' \u2192 ' + t[PH.CLASS_PACKED];
}

// Bits as bytes and bits: "3 bytes", "3 bytes 2 bits", "5 bits"; in
// the index (SHORT) "3", "3 + 2 bits", "5 bits".
function phBytes(bits, short) {
  var bytes = Math.floor(bits / 8), rest = bits % 8;
  if (!rest) return short ? String(bytes) : phPlural(bytes, 'byte');
  if (!bytes) return phPlural(rest, 'bit');
  return (short ? bytes + ' +' : phPlural(bytes, 'byte')) + ' ' +
    phPlural(rest, 'bit');
}

function phEsc(s) {
  return String(s).replace(/[&<>"']/g, function (c) {
    return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;',
            "'": '&#39;'}[c];
  });
}

function phSort() {
  var types = phData.types, k = phState.key, dir = phState.dir;
  var order = types.map(function (_, i) { return i; });
  order.sort(function (a, b) {
    var x = types[a][k], y = types[b][k];
    if (x < y) return -dir;
    if (x > y) return dir;
    return a - b;
  });
  phState.order = order;
}

function phRenderIndex() {
  var types = phData.types, f = phState.filter.toLowerCase(), rows = [];
  var shown = 0;
  if (!phState.order) phSort();
  phState.order.forEach(function (i) {
    var t = types[i];
    if (f && t[PH.NAME].toLowerCase().indexOf(f) < 0) return;
    if (shown++ >= phState.limit) return;
    rows.push('<tr data-i="' + i + '"' +
              (i === phState.open ? ' class="open"' : '') + '><td title="' +
              phEsc(t[PH.NAME]) + '">' + phEsc(t[PH.NAME]) + '</td><td>' +
              t[PH.KIND] + '</td><td class="n">' + t[PH.SIZE] +
              '</td><td class="n">' + t[PH.HOLES] + '</td><td class="n">' +
              phBytes(t[PH.WASTED], true) + '</td><td class="n">' +
              t[PH.CACHELINES] + '</td>' +
              (phData.reorganized ? '<td class="n">' +
               (t[PH.SAVED] || '') + '</td>' : '') +
              (phData.allocs ? '<td>' + phEsc(phClass(t)) +
               '</td><td class="n">' +
               (t[PH.WORTH] > 0 ? t[PH.WORTH] : '') + '</td>' : '') +
              '</tr>');
  });
  phState.more = shown > rows.length;
  document.getElementById('ph-rows').innerHTML = rows.join('');
  document.getElementById('ph-count').textContent =
    shown === types.length ? types.length + ' types'
                           : shown + ' of ' + types.length + ' types';
  document.querySelectorAll('th').forEach(function (th) {
    th.classList.remove('up', 'down');
    if (+th.dataset.key === phState.key)
      th.classList.add(phState.dir > 0 ? 'up' : 'down');
  });
}

var phChunks = [];

// The bytes of chunk C, inflated (a promise).
function phChunk(c) {
  if (!phChunks[c]) {
    var b64 = document.getElementById('z' + c).textContent;
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream()
      .pipeThrough(new DecompressionStream('deflate'));
    phChunks[c] = new Response(stream).arrayBuffer().then(function (b) {
      return new Uint8Array(b);
    });
  }
  return phChunks[c];
}

// The SVG of the map at AT ([chunk, offset, bytes]), a promise.
function phMap(at) {
  if (!at) return Promise.resolve(null);
  if (!document.getElementById('z' + at[0])) return Promise.resolve(null);
  return phChunk(at[0]).then(function (bytes) {
    return new TextDecoder().decode(bytes.subarray(at[1], at[1] + at[2]));
  });
}

function phPlural(n, one) {
  return n + ' ' + one + (n === 1 ? '' : 's');
}

// The section of type I: its figures and its maps (a promise).
function phSection(i) {
  var t = phData.types[i];
  return Promise.all([phMap(t[PH.MAP]), phMap(t[PH.SUGGESTED])])
    .then(function (maps) { return phSectionHtml(i, maps[0], maps[1]); },
          function (e) {
            return '<p class="hint">cannot draw this map here: ' +
              phEsc(e) + ' (a browser with DecompressionStream)</p>';
          });
}

function phSectionHtml(i, map, suggestion) {
  var t = phData.types[i], saved = t[PH.SAVED], facts = [];
  facts.push(t[PH.SIZE] + ' bytes', 'align ' + t[PH.ALIGN],
             phPlural(t[PH.CACHELINES], 'cacheline'));
  if (t[PH.HOLES])
    facts.push('<b>' + phPlural(t[PH.HOLES], 'hole') + ', ' +
               phPlural(t[PH.HOLE_BYTES], 'byte') + '</b>');
  if (t[PH.BIT_HOLES])
    facts.push('<b>' + phPlural(t[PH.BIT_HOLES], 'bit hole') + ', ' +
               phPlural(t[PH.HOLE_BITS], 'bit') + '</b>');
  if (t[PH.PADDING])
    facts.push('<b>padding ' + phPlural(t[PH.PADDING], 'byte') + '</b>');
  if (t[PH.BIT_PADDING])
    facts.push('bit padding ' + phPlural(t[PH.BIT_PADDING], 'bit'));
  if (t[PH.WASTED])
    facts.push(phBytes(t[PH.WASTED]) + ' in no member');
  if (t[PH.FILE])
    facts.push(phEsc(t[PH.FILE]) + (t[PH.LINE] ? ':' + t[PH.LINE] : ''));
  if (t[PH.CLASS])
    facts.push('allocated in ' + phEsc(phClass(t)));
  if (t[PH.WORTH] >= 0)
    facts.push('<b>saves ' + phPlural(t[PH.WORTH], 'byte') +
               ' where allocated</b>');
  var html = '<div class="type" data-type-index="' + i + '"><h2>' +
    t[PH.KIND] + ' ' + phEsc(t[PH.NAME]) + '</h2><p class="facts">' +
    facts.join(' \u00b7 ') + '</p><div class="maps">';
  if (map === null)
    return html + '<p class="hint">still loading\u2026</p></div></div>';
  html += '<figure class="original"><figcaption>' +
    (saved ? 'as laid out: ' + t[PH.SIZE] + ' bytes' : '') +
    '</figcaption>' + map + '</figure>';
  if (saved)
    html += '<figure class="suggested"><figcaption>suggested order: ' +
      (t[PH.SIZE] - saved) + ' bytes, saves ' +
      phPlural(saved, 'byte') + '</figcaption>' + suggestion + '</figure>';
  return html + '</div><p class="legend">one row per ' +
    phData.cacheline + '-byte cacheline; hatched red: holes; hatched ' +
    'grey: padding; dashed outline: nested struct or union; ' +
    'yellow: cacheline group; under a row: its bitfields magnified, ' +
    'each NAME:BITS, and the bits no member has (Nb)</p></div>';
}

// The time since the page was asked for, on the root element as
// data-NAME-ms: what bench/html reads of a page Chromium opened.
function phMark(name) {
  document.documentElement.setAttribute('data-' + name + '-ms',
                                        Math.round(performance.now()));
}

// ... and once the next frame is painted.
function phMarkPainted(name) {
  requestAnimationFrame(function () {
    setTimeout(function () { phMark(name); }, 0);
  });
}

function phOpen(i) {
  if (!(i >= 0 && i < phData.types.length)) return;
  phState.open = i;
  document.querySelectorAll('#ph-rows tr.open').forEach(function (tr) {
    tr.classList.remove('open');
  });
  var tr = document.querySelector('#ph-rows tr[data-i="' + i + '"]');
  if (tr) tr.classList.add('open');
  phSection(i).then(function (html) {
    if (phState.open !== i) return;
    document.getElementById('ph-detail').innerHTML = html;
    phMark('drawn');
    phMarkPainted('drawn-painted');
  });
}

function phOpenAll() {
  var all = [];
  phState.limit = Infinity;
  phRenderIndex();
  for (var i = 0; i < phData.types.length; i++) all.push(phSection(i));
  Promise.all(all).then(function (parts) {
    document.getElementById('ph-detail').innerHTML = parts.join('');
    phMark('drawn');
  });
}

function phRoute() {
  var h = decodeURIComponent(location.hash.slice(1)), m;
  if (h === 'all') return phOpenAll();
  if ((m = /^i=(\d+)$/.exec(h))) return phOpen(+m[1]);
  if ((m = /^type=(.+)$/.exec(h))) {
    for (var i = 0; i < phData.types.length; i++)
      if (phData.types[i][PH.NAME] === m[1]) return phOpen(i);
  }
}

// The facts of the block under the pointer, in the bar at the bottom.
function phHover(e) {
  var info = document.getElementById('ph-info'), title = null;
  for (var n = e.target; n && n !== this && !title; n = n.parentNode)
    if (n.firstChild && n.firstChild.nodeName === 'title')
      title = n.firstChild;
  info.textContent = title ? title.textContent.replace(/\n/g, ' \u00b7 ')
                           : '';
}

function phReady() {
  phMark('loaded');
  phRoute();
}

document.querySelector('thead').addEventListener('click', function (e) {
  var th = e.target.closest('th');
  if (!th) return;
  var k = +th.dataset.key;
  phState.dir = k === phState.key ? -phState.dir : (k === PH.NAME ||
                k === PH.KIND ? 1 : -1);
  phState.key = k;
  phState.limit = PH_ROWS;
  phSort();
  phRenderIndex();
});
document.getElementById('ph-search').addEventListener('input', function (e) {
  phState.filter = e.target.value;
  phState.limit = PH_ROWS;
  phRenderIndex();
});
document.getElementById('ph-rows').addEventListener('click', function (e) {
  var tr = e.target.closest('tr');
  if (tr) location.hash = 'i=' + tr.dataset.i;
});
document.getElementById('ph-detail').addEventListener('mouseover', phHover);
document.getElementById('ph-index').addEventListener('scroll', function () {
  if (phState.more &&
      this.scrollTop + this.clientHeight > this.scrollHeight - 600) {
    phState.limit += PH_ROWS;
    phRenderIndex();
  }
});
window.addEventListener('hashchange', phRoute);
phRenderIndex();
phMark('index');
phMarkPainted('index-painted');
