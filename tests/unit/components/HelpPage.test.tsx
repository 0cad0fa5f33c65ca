// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HelpPage from '../../../src/custom/help/HelpPage';
import { HELP_TOPIC_INFO, HELP_TOPICS, helpSectionKeys } from '../../../src/domain/help';
import { dataProvider } from '../../../src/providers/dataProvider';

type Tree = { [key: string]: string | Tree };
const load = (language: string) => JSON.parse(readFileSync(join(__dirname, `../../../i18n/${language}.json`), 'utf8')) as Tree;
const MESSAGES: Record<string, Tree> = { en: load('en'), de: load('de'), nl: load('nl') };
const text = (language: string, key: string) => key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], MESSAGES[language]) as string;
/** The text as the page shows it: placeholders filled, so compare the part before the first one. */
const leading = (value: string) => value.split('%{')[0].trim();

function renderAt(entry: InitialEntry, language = 'en') {
  const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...MESSAGES[language] }) as never, language);
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/home/app/help" element={<HelpPage />} />
          <Route path="/home/app/help/:topic" element={<HelpPage />} />
          <Route path="*" element={<output data-testid="elsewhere" />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('help pages', () => {
  for (const language of ['en', 'de', 'nl']) {
    it(`renders every topic in ${language}: title, introduction, sections, numbered steps, side list`, () => {
      for (const topic of HELP_TOPICS) {
        renderAt(`/home/app/help/${topic}`, language);
        const article = screen.getByTestId('help-article');
        expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe(text(language, `HELP.Topics.${topic}.Title`));
        expect(screen.getByTestId('help-intro').textContent).toContain(leading(text(language, `HELP.Topics.${topic}.Intro`)));
        for (const section of ['See', 'Do', 'Next', 'Tips'] as const) {
          within(article).getByRole('heading', { level: 2, name: text(language, `HELP.Sections.${section}`) });
          for (const key of helpSectionKeys(topic, section)) expect(article.textContent).toContain(leading(text(language, key)));
        }
        expect(within(screen.getByTestId('help-steps')).getAllByRole('listitem')).toHaveLength(HELP_TOPIC_INFO[topic].counts.Do);
        expect(article.textContent).not.toMatch(/%\{|HELP\./);
        const nav = screen.getByTestId('help-topic-nav');
        expect(within(nav).getAllByRole('link')).toHaveLength(HELP_TOPICS.length);
        expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(`/home/app/help/${topic}`);
        expect(screen.queryAllByTestId('help-manual').length).toBe(HELP_TOPIC_INFO[topic].manual ? 1 : 0);
        cleanup();
      }
    });
  }

  it('fills in the limits the portal enforces', () => {
    renderAt('/home/app/help/upload');
    expect(screen.getByTestId('help-article').textContent).toContain('Each file may be up to 50 MB; one upload takes at most 20 files and 100 MB in total.');
    cleanup();
    renderAt('/home/app/help/structuring', 'de');
    expect(screen.getByTestId('help-article').textContent).toContain('Ein Teilprojekt umfasst höchstens 350 m³');
  });

  it('an unknown topic shows the topic list with a notice; no topic shows the list alone', () => {
    renderAt('/home/app/help/no-such-topic');
    expect(screen.getByTestId('help-unknown-topic').textContent).toContain('There is no help page "no-such-topic"');
    const cards = screen.getAllByTestId('help-topic-card');
    expect(cards.map((card) => card.dataset.topic)).toEqual([...HELP_TOPICS]);
    expect(within(cards[2]).getByRole('heading', { level: 2 }).textContent).toBe('Reviewing drawings');
    within(cards[2]).getByText(text('en', 'HELP.Topics.review-drawings.Summary'));
    cleanup();
    renderAt('/home/app/help', 'nl');
    expect(screen.queryByTestId('help-unknown-topic')).toBeNull();
    screen.getByRole('heading', { level: 1, name: 'Helpcentrum' });
    expect(screen.getAllByTestId('help-topic-card')).toHaveLength(HELP_TOPICS.length);
  });

  it('a topic card opens its guide', () => {
    renderAt('/home/app/help');
    fireEvent.click(within(screen.getAllByTestId('help-topic-card')[4]).getByRole('link'));
    expect(screen.getByTestId('help-article').dataset.topic).toBe('ordering');
  });

  it('the reviewer manual is German unless the language is Dutch', () => {
    const hrefs: Record<string, string | null> = {};
    for (const language of ['en', 'de', 'nl']) {
      renderAt('/home/app/help/review-drawings', language);
      hrefs[language] = screen.getByTestId('help-manual-link').getAttribute('href');
      cleanup();
    }
    expect(hrefs).toEqual({ en: '/manuals/manual_for_reviewer_de.pdf', de: '/manuals/manual_for_reviewer_de.pdf', nl: '/manuals/manual_for_reviewer_nl.pdf' });
    renderAt('/home/app/help', 'nl');
    expect(screen.getByTestId('help-manual-link').getAttribute('href')).toBe('/manuals/manual_for_reviewer_nl.pdf');
    expect(screen.getByTestId('help-manual').textContent).toContain('Nederlandse uitgave');
  });

  it('leads back to the project it was opened from, and on to the project page the topic is about', () => {
    renderAt({ pathname: '/home/app/help/structuring', state: { helpFrom: '/home/app/project/details/7/9' } });
    const links = screen.getByTestId('help-app-links');
    expect(within(links).getByRole('link', { name: 'Back to the project' }).getAttribute('href')).toBe('/home/app/project/details/7/9');
    expect(within(links).getByRole('link', { name: 'Project structure' }).getAttribute('href')).toBe('/home/app/project/structure/7');
    expect(within(links).getByRole('link', { name: 'My tasks' }).getAttribute('href')).toBe('/home/app/task-list');
    cleanup();
    // Without an origin (a typed address) or with a foreign one there is no way back, only the lists.
    renderAt({ pathname: '/home/app/help/delivery', state: { helpFrom: 'https://elsewhere.example/' } });
    const plain = screen.getByTestId('help-app-links');
    expect(within(plain).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/home/app/current-projects-list']);
  });
});
