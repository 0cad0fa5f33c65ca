#!/usr/bin/env node
// Generates the "manual for reviewers" PDFs offered in the help menu:
//   public/manuals/manual_for_reviewer_de.pdf (German)
//   public/manuals/manual_for_reviewer_nl.pdf (Dutch)
//
// Dependency-free: the PDF objects, content streams, xref table and trailer
// are written by hand. Text uses the standard Type1 fonts Helvetica and
// Helvetica-Bold with WinAnsiEncoding (covers ä ö ü Ä Ö Ü ß é ë ï – „ “ …).
//
// Usage: node scripts/make-manuals.mjs

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'public', 'manuals');

// ---------------------------------------------------------------------------
// Fonts: Helvetica / Helvetica-Bold glyph widths (1/1000 em, from the AFMs)
// ---------------------------------------------------------------------------

// Widths for WinAnsi codes 32..126.
const ASCII_REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space../
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0..?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @..O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P.._
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // `..o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p..~
];
const ASCII_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

// Non-ASCII characters used in the texts: WinAnsi code + [regular, bold] width.
const EXTRA = {
  '€': [0x80, 556, 556], '„': [0x84, 333, 500], '…': [0x85, 1000, 1000],
  '‘': [0x91, 222, 278], '’': [0x92, 222, 278], '“': [0x93, 333, 500],
  '”': [0x94, 333, 500], '•': [0x95, 350, 350], '–': [0x96, 556, 556],
  '—': [0x97, 1000, 1000], '«': [0xab, 556, 556], '»': [0xbb, 556, 556],
  'Ä': [0xc4, 667, 722], 'Ö': [0xd6, 778, 778], 'Ü': [0xdc, 722, 722],
  'ß': [0xdf, 611, 611], 'ä': [0xe4, 556, 556], 'ö': [0xf6, 556, 611],
  'ü': [0xfc, 556, 611], 'é': [0xe9, 556, 556], 'è': [0xe8, 556, 556],
  '·': [0xb7, 278, 278], 'ë': [0xeb, 556, 556], 'ï': [0xef, 278, 278], 'ó': [0xf3, 556, 611],
};

function charInfo(ch, bold) {
  const c = ch.codePointAt(0);
  if (c >= 32 && c <= 126) return [c, (bold ? ASCII_BOLD : ASCII_REGULAR)[c - 32]];
  const e = EXTRA[ch];
  if (!e) throw new Error(`Character ${JSON.stringify(ch)} (U+${c.toString(16)}) not supported`);
  return [e[0], bold ? e[2] : e[1]];
}

function textWidth(text, size, bold) {
  let w = 0;
  for (const ch of text) w += charInfo(ch, bold)[1];
  return (w * size) / 1000;
}

// PDF literal string in WinAnsi bytes; non-ASCII bytes as octal escapes so the
// content stream stays plain ASCII.
function pdfString(text, bold) {
  let out = '(';
  for (const ch of text) {
    const code = charInfo(ch, bold)[0];
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += '\\' + String.fromCharCode(code);
    else if (code > 126) out += '\\' + code.toString(8).padStart(3, '0');
    else out += String.fromCharCode(code);
  }
  return out + ')';
}

// Greedy word wrap using the font metrics.
function wrap(text, size, bold, maxWidth) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || textWidth(candidate, size, bold) <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------

const PAGE_W = 595.28; // A4
const PAGE_H = 841.89;
const MARGIN_L = 62;
const MARGIN_R = 62;
const TOP = PAGE_H - 70;
const BOTTOM = 72;
const TEXT_W = PAGE_W - MARGIN_L - MARGIN_R;

const STYLE = {
  title: { size: 20, bold: true, leading: 25, before: 0, after: 4 },
  subtitle: { size: 11, bold: false, leading: 15, before: 0, after: 14, gray: 0.35 },
  h: { size: 13, bold: true, leading: 17, before: 10, after: 4 },
  p: { size: 11, bold: false, leading: 15, before: 0, after: 6 },
  li: { size: 11, bold: false, leading: 15, before: 0, after: 3, indent: 16 },
};

/** Turns the block list into pages of positioned text lines. */
function layout(blocks) {
  const pages = [];
  let page = null;
  let y = 0;
  const newPage = () => {
    page = { lines: [], rules: [] };
    pages.push(page);
    y = TOP;
  };
  newPage();

  blocks.forEach((block, i) => {
    const st = STYLE[block.type];
    const indent = st.indent ?? 0;
    const lines = wrap(block.text, st.size, st.bold, TEXT_W - indent);
    // Keep headings together with at least two lines of the following block.
    let needed = lines.length * st.leading;
    if (block.type === 'h' && blocks[i + 1]) needed += 2 * STYLE[blocks[i + 1].type].leading;
    if (block.type !== 'h') needed = Math.min(needed, 2 * st.leading); // allow paragraph splits
    if (page.lines.length > 0) y -= st.before;
    if (y - needed < BOTTOM && page.lines.length > 0) newPage();

    lines.forEach((text, li) => {
      if (y - st.leading < BOTTOM) newPage();
      y -= st.leading;
      const base = { size: st.size, bold: st.bold, gray: st.gray ?? 0, y: y + (st.leading - st.size) };
      if (block.type === 'li' && li === 0) {
        page.lines.push({ ...base, x: MARGIN_L + 3, text: block.marker ?? '•' });
      }
      page.lines.push({ ...base, x: MARGIN_L + indent, text });
    });
    y -= st.after;
    if (block.type === 'subtitle') {
      page.rules.push({ y: y + 4 });
      y -= 6;
    }
  });
  return pages;
}

function contentStream(page, pageNo, pageCount, doc) {
  const ops = [];
  const fmt = (n) => (Math.round(n * 100) / 100).toString();
  // Header and footer
  ops.push('0.6 G 0.5 w');
  ops.push(`${fmt(MARGIN_L)} ${fmt(BOTTOM - 24)} m ${fmt(PAGE_W - MARGIN_R)} ${fmt(BOTTOM - 24)} l S`);
  for (const r of page.rules) ops.push(`${fmt(MARGIN_L)} ${fmt(r.y)} m ${fmt(PAGE_W - MARGIN_R)} ${fmt(r.y)} l S`);
  const footerLeft = doc.footer;
  const footerRight = doc.pageLabel(pageNo, pageCount);
  ops.push('BT 0.4 g /F1 8.5 Tf');
  ops.push(`1 0 0 1 ${fmt(MARGIN_L)} ${fmt(BOTTOM - 38)} Tm ${pdfString(footerLeft, false)} Tj`);
  const rw = textWidth(footerRight, 8.5, false);
  ops.push(`1 0 0 1 ${fmt(PAGE_W - MARGIN_R - rw)} ${fmt(BOTTOM - 38)} Tm ${pdfString(footerRight, false)} Tj`);
  ops.push('ET');
  // Body text
  ops.push('BT');
  let font = '';
  let gray = -1;
  for (const l of page.lines) {
    const f = `/${l.bold ? 'F2' : 'F1'} ${l.size} Tf`;
    if (f !== font) ops.push((font = f));
    if (l.gray !== gray) ops.push(`${(gray = l.gray)} g`);
    ops.push(`1 0 0 1 ${fmt(l.x)} ${fmt(l.y)} Tm ${pdfString(l.text, l.bold)} Tj`);
  }
  ops.push('ET');
  return ops.join('\n') + '\n';
}

// Text string for the Info dictionary: UTF-16BE with BOM, hex encoded.
function infoString(text) {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

function buildPdf(doc) {
  const pages = layout(doc.blocks);
  const n = pages.length;
  // Object numbers: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then page/content pairs.
  const objects = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R /Lang (${doc.lang}) /ViewerPreferences << /DisplayDocTitle true >> >>`;
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${n} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] =
    `<< /Title ${infoString(doc.title)} /Author ${infoString(doc.author)} /Subject ${infoString(doc.subject)}` +
    ` /Creator (scripts/make-manuals.mjs) /Producer (planxchange-portal) /CreationDate (D:${doc.date}) >>`;
  pages.forEach((page, i) => {
    const pid = pageIds[i];
    const stream = contentStream(page, i + 1, n, doc);
    objects[pid] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}]` +
      ` /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pid + 1} 0 R >>`;
    objects[pid + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`;
  });

  const chunks = [];
  let offset = 0;
  const push = (s) => {
    const b = Buffer.from(s, 'latin1');
    chunks.push(b);
    offset += b.length;
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const offsets = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = offset;
    push(`${id} 0 obj\n${objects[id]}\nendobj\n`);
  }
  const xrefAt = offset;
  let xref = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) xref += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  push(xref);
  push(`trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return { buffer: Buffer.concat(chunks), pageCount: n };
}

// ---------------------------------------------------------------------------
// Manual texts
// ---------------------------------------------------------------------------

const T = (text) => ({ type: 'title', text });
const S = (text) => ({ type: 'subtitle', text });
const H = (text) => ({ type: 'h', text });
const P = (text) => ({ type: 'p', text });
const L = (text, marker) => ({ type: 'li', text, marker });

const DE = {
  lang: 'de-DE',
  title: 'PlanXchange – Handbuch für Prüfer',
  subject: 'Anleitung für Kunden, die Zeichnungen im PlanXchange-Portal prüfen und freigeben',
  author: 'PlanXchange',
  footer: 'PlanXchange – Handbuch für Prüfer',
  pageLabel: (i, n) => `Seite ${i} von ${n}`,
  blocks: [
    T('PlanXchange – Handbuch für Prüfer'),
    S('Bestell- und Planungsportal für Porenbeton-Elemente und Stürze · Ausgabe für Kunden'),
    P(
      'Dieses Handbuch richtet sich an Sie als Prüfer: Sie sind beim Kunden dafür zuständig, die von uns ' +
        'erstellten Verlegepläne und Zeichnungen zu kontrollieren, freizugeben und anschließend die ' +
        'Porenbeton-Elemente und Stürze zu bestellen. Es beschreibt die wichtigsten Arbeitsschritte in der ' +
        'Reihenfolge, in der sie in einem Bauprojekt üblicherweise anfallen.',
    ),
    H('1. Anmelden'),
    P(
      'Öffnen Sie das Portal im Browser und melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an. ' +
        'Die Zugangsdaten erhalten Sie per E-Mail, sobald Ihr Unternehmen für das Portal freigeschaltet wurde. ' +
        'Haben Sie Ihr Passwort vergessen, wählen Sie auf der Anmeldeseite „Passwort vergessen“ – Sie ' +
        'erhalten dann einen Link, mit dem Sie ein neues Passwort festlegen. Melden Sie sich nach der Arbeit ' +
        'über das Benutzermenü oben rechts ab, besonders an gemeinsam genutzten Rechnern.',
    ),
    H('2. Dashboard und „Meine Aufgaben“'),
    P(
      'Nach der Anmeldung sehen Sie das Dashboard. Im Bereich „Meine Aufgaben“ stehen alle Vorgänge, die ' +
        'auf eine Aktion von Ihnen warten, zum Beispiel:',
    ),
    L('ein Projektinformationsblatt, das noch ausgefüllt oder ergänzt werden muss,'),
    L('Vorabzeichnungen, die auf Ihre Prüfung und Freigabe warten,'),
    L('freigegebene Lose, für die noch eine Bestellung von Porenbeton oder Stürzen aussteht.'),
    P(
      'Ein Klick auf eine Aufgabe führt Sie direkt an die richtige Stelle im Projekt. Erledigte Aufgaben ' +
        'verschwinden automatisch aus der Liste. Außerdem zeigt das Dashboard die nächsten Liefertermine ' +
        'Ihrer Projekte.',
    ),
    H('3. Ein Projekt öffnen'),
    P(
      'Unter „Projekte“ finden Sie alle Bauprojekte, für die Sie freigeschaltet sind. Ein Projekt ist ' +
        'hierarchisch aufgebaut: Das Hauptprojekt (z. B. ein Wohngebiet) besteht aus Teilprojekten (z. B. ' +
        'einzelnen Häusern oder Bauabschnitten). Jedes Teilprojekt ist in Lose unterteilt:',
    ),
    L('Freigabelose – Zeichnungen, die Sie prüfen und freigeben;'),
    L('Bestelllose Porenbeton – die zu liefernden Porenbeton-Elemente;'),
    L('Bestelllose Stürze – die zu liefernden Stürze.'),
    P(
      'Nutzen Sie die Suche und die Filter (Status, Ort, Projektnummer), um ein Projekt schnell zu finden. ' +
        'In der Detailansicht sehen Sie den Status jedes Loses, die hochgeladenen Dateien und den Verlauf ' +
        'aller Nachrichten.',
    ),
    H('4. Das Projektinformationsblatt'),
    P(
      'Bevor wir mit der Planung beginnen, benötigen wir einige Angaben zum Bauvorhaben: Bauherr und ' +
        'Baustellenadresse, Ansprechpartner, Wandstärken und Steinformate, Anforderungen an Brandschutz und ' +
        'Schallschutz, Zufahrt der Baustelle und gewünschter Lieferzeitraum. Füllen Sie das ' +
        'Projektinformationsblatt unter dem Reiter „Projektinformation“ aus. Pflichtfelder sind markiert; ' +
        'Sie können jederzeit zwischenspeichern und später weitermachen.',
    ),
    P(
      'Architektenpläne, Statik und andere Unterlagen laden Sie unter „Dateien“ hoch (PDF, DWG, DXF oder ' +
        'IFC). Erst wenn Sie das Blatt mit „Absenden“ abschließen, beginnt unsere Arbeitsvorbereitung. ' +
        'Spätere Änderungen sind möglich, bitte informieren Sie uns dann über eine Nachricht im Projekt.',
    ),
    H('5. Vorabzeichnungen im Viewer prüfen'),
    P(
      'Sobald die Verlegepläne eines Freigabeloses fertig sind, erhalten Sie eine Aufgabe und – falls ' +
        'aktiviert – eine E-Mail. Öffnen Sie das Freigabelos und wählen Sie „Im Viewer öffnen“. Der ' +
        '3D-Viewer zeigt das Gebäude mit allen Porenbeton-Elementen und Stürzen:',
    ),
    L('Drehen: linke Maustaste gedrückt halten; Verschieben: rechte Maustaste; Zoomen: Mausrad.'),
    L('Ein Klick auf ein Element zeigt Positionsnummer, Abmessungen, Gewicht und Festigkeitsklasse.'),
    L('Über die Geschossauswahl blenden Sie einzelne Geschosse oder Wände ein und aus.'),
    L('Die 2D-Zeichnungen (Wandabwicklungen, Verlegepläne) stehen zusätzlich als PDF zum Download bereit.'),
    P(
      'Prüfen Sie insbesondere Maße, Öffnungen für Fenster und Türen, Sturzlängen und Auflager sowie ' +
        'Aussparungen für Installationen. Danach haben Sie zwei Möglichkeiten:',
    ),
    L(
      '„Freigeben“ – die Zeichnungen sind korrekt. Das Freigabelos erhält den Status „Freigegeben“ und ' +
        'die zugehörigen Bestelllose können bestellt werden.',
      '1.',
    ),
    L(
      '„Änderungen anfordern“ – beschreiben Sie in der Nachricht möglichst genau, was geändert werden ' +
        'soll (Wand, Achse, Position). Sie können einen Screenshot oder eine markierte Zeichnung anhängen. ' +
        'Unsere Planer überarbeiten die Zeichnungen und legen Ihnen eine neue Version zur Prüfung vor.',
      '2.',
    ),
    P(
      'Alle Versionen bleiben im Projekt gespeichert, so dass Sie jederzeit nachvollziehen können, was ' +
        'wann geändert und von wem freigegeben wurde. Eine Freigabe ist verbindlich und Grundlage der Produktion.',
    ),
    H('6. Porenbeton und Stürze bestellen'),
    P(
      'Nach der Freigabe eines Freigabeloses werden die zugehörigen Bestelllose für Porenbeton und für ' +
        'Stürze bestellbar. Öffnen Sie das Bestelllos, kontrollieren Sie die Stückliste und wählen Sie ' +
        'einen Wunschliefertermin sowie die Lieferadresse. Mit „Bestellen“ senden Sie die Bestellung ab; ' +
        'Sie erhalten eine Bestätigung per E-Mail. Porenbeton und Stürze werden getrennt bestellt, damit ' +
        'sie zu unterschiedlichen Terminen geliefert werden können, zum Beispiel die Stürze erst, wenn das ' +
        'Erdgeschoss steht.',
    ),
    H('7. Liefertermine verfolgen'),
    P(
      'Unter „Lieferungen“ und im Dashboard sehen Sie für jedes bestellte Los den Status (bestellt, ' +
        'eingeplant, in Produktion, geliefert) und den bestätigten Liefertermin. Unsere Disposition plant ' +
        'den Termin ein und bestätigt ihn im Portal; ändert sich ein Termin, werden Sie benachrichtigt. ' +
        'Wünsche zur Terminverschiebung senden Sie bitte als Nachricht im betreffenden Los.',
    ),
    H('8. Ihr Profil'),
    P('Über das Benutzermenü oben rechts gelangen Sie zu Ihrem Profil. Dort können Sie:'),
    L('die Sprache der Oberfläche wählen (Deutsch, Niederländisch oder Englisch),'),
    L('Ihr Passwort ändern – wir empfehlen mindestens 12 Zeichen und ein Passwort, das Sie nirgendwo sonst verwenden,'),
    L(
      'die tägliche Statusmail ein- oder ausschalten. Sie fasst einmal am Tag offene Aufgaben, neue ' +
        'Zeichnungen und geänderte Liefertermine zusammen.',
    ),
    H('Fragen und Hilfe'),
    P(
      'Bei Fragen zu einem Projekt schreiben Sie am besten eine Nachricht direkt im Projekt – so landet ' +
        'sie beim zuständigen Planer. Bei technischen Problemen mit dem Portal wenden Sie sich an Ihren ' +
        'Ansprechpartner im Vertrieb.',
    ),
  ],
};

const NL = {
  lang: 'nl-NL',
  title: 'PlanXchange – Handleiding voor beoordelaars',
  subject: 'Handleiding voor klanten die tekeningen in het PlanXchange-portaal beoordelen en goedkeuren',
  author: 'PlanXchange',
  footer: 'PlanXchange – Handleiding voor beoordelaars',
  pageLabel: (i, n) => `Pagina ${i} van ${n}`,
  blocks: [
    T('PlanXchange – Handleiding voor beoordelaars'),
    S('Bestel- en planningsportaal voor cellenbetonelementen en lateien · Uitgave voor klanten'),
    P(
      'Deze handleiding is bedoeld voor u als beoordelaar: u controleert namens de klant de legplannen en ' +
        'tekeningen die wij maken, keurt ze goed en bestelt vervolgens de cellenbetonelementen en lateien. ' +
        'De belangrijkste stappen worden beschreven in de volgorde waarin ze in een bouwproject meestal ' +
        'voorkomen.',
    ),
    H('1. Inloggen'),
    P(
      'Open het portaal in uw browser en log in met uw e-mailadres en wachtwoord. U ontvangt uw ' +
        'inloggegevens per e-mail zodra uw bedrijf voor het portaal is aangemeld. Bent u uw wachtwoord ' +
        'vergeten, kies dan op de inlogpagina „Wachtwoord vergeten” – u ontvangt een link waarmee u een ' +
        'nieuw wachtwoord instelt. Log na afloop uit via het gebruikersmenu rechtsboven, zeker op een ' +
        'gedeelde computer.',
    ),
    H('2. Dashboard en „Mijn taken”'),
    P(
      'Na het inloggen ziet u het dashboard. Onder „Mijn taken” staan alle zaken die op een actie van u ' +
        'wachten, bijvoorbeeld:',
    ),
    L('een projectinformatieblad dat nog ingevuld of aangevuld moet worden,'),
    L('voorlopige tekeningen die op uw beoordeling en goedkeuring wachten,'),
    L('goedgekeurde lots waarvoor nog een bestelling van cellenbeton of lateien openstaat.'),
    P(
      'Met een klik op een taak komt u direct op de juiste plek in het project. Afgeronde taken ' +
        'verdwijnen automatisch uit de lijst. Het dashboard toont bovendien de eerstvolgende leverdata van ' +
        'uw projecten.',
    ),
    H('3. Een project openen'),
    P(
      'Onder „Projecten” vindt u alle bouwprojecten waarvoor u toegang hebt. Een project is hiërarchisch ' +
        'opgebouwd: het hoofdproject (bijv. een woonwijk) bestaat uit deelprojecten (bijv. afzonderlijke ' +
        'woningen of bouwfasen). Elk deelproject is verdeeld in lots:',
    ),
    L('goedkeuringslots – tekeningen die u beoordeelt en goedkeurt;'),
    L('bestellots cellenbeton – de te leveren cellenbetonelementen;'),
    L('bestellots lateien – de te leveren lateien.'),
    P(
      'Gebruik de zoekfunctie en de filters (status, plaats, projectnummer) om een project snel te ' +
        'vinden. In de detailweergave ziet u de status van elk lot, de geüploade bestanden en de ' +
        'geschiedenis van alle berichten.',
    ),
    H('4. Het projectinformatieblad'),
    P(
      'Voordat wij met de planning beginnen, hebben wij gegevens over het bouwproject nodig: opdrachtgever ' +
        'en bouwadres, contactpersonen, wanddiktes en blokformaten, eisen voor brandwerendheid en ' +
        'geluidsisolatie, bereikbaarheid van de bouwplaats en de gewenste leverperiode. Vul het ' +
        'projectinformatieblad in onder het tabblad „Projectinformatie”. Verplichte velden zijn ' +
        'gemarkeerd; u kunt op elk moment tussentijds opslaan en later verdergaan.',
    ),
    P(
      'Architectentekeningen, constructieberekeningen en andere documenten uploadt u onder „Bestanden” ' +
        '(PDF, DWG, DXF of IFC). Pas wanneer u het blad met „Versturen” afrondt, start onze ' +
        'werkvoorbereiding. Latere wijzigingen zijn mogelijk; laat het ons dan weten met een bericht in het project.',
    ),
    H('5. Voorlopige tekeningen beoordelen in de viewer'),
    P(
      'Zodra de legplannen van een goedkeuringslot klaar zijn, krijgt u een taak en – indien ingeschakeld – ' +
        'een e-mail. Open het goedkeuringslot en kies „Openen in viewer”. De 3D-viewer toont het gebouw met ' +
        'alle cellenbetonelementen en lateien:',
    ),
    L('Draaien: linkermuisknop ingedrukt houden; verschuiven: rechtermuisknop; zoomen: scrollwiel.'),
    L('Een klik op een element toont positienummer, afmetingen, gewicht en sterkteklasse.'),
    L('Met de verdiepingskeuze toont of verbergt u afzonderlijke verdiepingen of wanden.'),
    L('De 2D-tekeningen (wandaanzichten, legplannen) zijn daarnaast als PDF te downloaden.'),
    P(
      'Controleer vooral maten, sparingen voor ramen en deuren, lateilengtes en opleggingen en ' +
        'uitsparingen voor installaties. Daarna hebt u twee mogelijkheden:',
    ),
    L(
      '„Goedkeuren” – de tekeningen zijn correct. Het goedkeuringslot krijgt de status „Goedgekeurd” en ' +
        'de bijbehorende bestellots kunnen worden besteld.',
      '1.',
    ),
    L(
      '„Wijzigingen aanvragen” – beschrijf in het bericht zo precies mogelijk wat er moet veranderen ' +
        '(wand, as, positie). U kunt een schermafbeelding of een gemarkeerde tekening toevoegen. Onze ' +
        'tekenaars passen de tekeningen aan en leggen u een nieuwe versie ter beoordeling voor.',
      '2.',
    ),
    P(
      'Alle versies blijven in het project bewaard, zodat u altijd kunt nagaan wat wanneer is gewijzigd ' +
        'en door wie is goedgekeurd. Een goedkeuring is bindend en vormt de basis voor de productie.',
    ),
    H('6. Cellenbeton en lateien bestellen'),
    P(
      'Na goedkeuring van een goedkeuringslot worden de bijbehorende bestellots voor cellenbeton en voor ' +
        'lateien bestelbaar. Open het bestellot, controleer de stuklijst en kies een gewenste leverdatum en ' +
        'het afleveradres. Met „Bestellen” verstuurt u de bestelling; u ontvangt een bevestiging per ' +
        'e-mail. Cellenbeton en lateien worden apart besteld, zodat ze op verschillende momenten geleverd ' +
        'kunnen worden, bijvoorbeeld de lateien pas wanneer de begane grond staat.',
    ),
    H('7. Leverdata volgen'),
    P(
      'Onder „Leveringen” en op het dashboard ziet u voor elk besteld lot de status (besteld, ingepland, ' +
        'in productie, geleverd) en de bevestigde leverdatum. Onze planning plant de levering in en ' +
        'bevestigt de datum in het portaal; verandert een datum, dan krijgt u een melding. Verzoeken om een ' +
        'levering te verschuiven stuurt u als bericht in het betreffende lot.',
    ),
    H('8. Uw profiel'),
    P('Via het gebruikersmenu rechtsboven komt u op uw profielpagina. Daar kunt u:'),
    L('de taal van het portaal kiezen (Nederlands, Duits of Engels),'),
    L('uw wachtwoord wijzigen – wij raden minimaal 12 tekens aan en een wachtwoord dat u nergens anders gebruikt,'),
    L(
      'de dagelijkse statusmail in- of uitschakelen. Deze vat één keer per dag openstaande taken, nieuwe ' +
        'tekeningen en gewijzigde leverdata samen.',
    ),
    H('Vragen en hulp'),
    P(
      'Hebt u een vraag over een project, stuur dan bij voorkeur een bericht in het project zelf – dan ' +
        'komt het direct bij de verantwoordelijke tekenaar terecht. Bij technische problemen met het ' +
        'portaal kunt u contact opnemen met uw contactpersoon bij de verkoop.',
    ),
  ],
};

// ---------------------------------------------------------------------------

// Fixed date so re-running the script gives byte-identical files.
const DATE = '20250101000000Z';

mkdirSync(OUT_DIR, { recursive: true });
for (const [file, doc] of [
  ['manual_for_reviewer_de.pdf', DE],
  ['manual_for_reviewer_nl.pdf', NL],
]) {
  const { buffer, pageCount } = buildPdf({ ...doc, date: DATE });
  const path = join(OUT_DIR, file);
  writeFileSync(path, buffer);
  console.log(`${relative(ROOT, path)}: ${pageCount} pages, ${buffer.length} bytes`);
}
