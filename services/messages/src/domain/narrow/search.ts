import type { NarrowTerm } from './parse';
import type { SqlParams } from './params';

// Full-text search in PostgreSQL's English configuration (the one messages.search_tsv is
// built with, so the index answers). websearch_to_tsquery never fails on user input: it
// reads words (ANDed), "quoted phrases", `or` and `-word` the way search boxes do.
const tsquery = (param: string) => `websearch_to_tsquery('english', ${param}::text)`;

// ts_headline over the whole text (HighlightAll) with Zulip's highlight markup. The default
// parser keeps HTML tags and entities whole, so only words in text are wrapped.
const HEADLINE_OPTIONS = `'HighlightAll=TRUE, StartSel=''<span class="highlight">'', StopSel=</span>'`;

/**
 * The topic as HTML-escaped text, as match_subject carries it (and as Zulip's escape_html
 * SQL function writes it), for callers that give match_subject without a search.
 */
export const ESCAPED_TOPIC_SQL = `replace(replace(replace(replace(replace(m.topic, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/**
 * The text searched for: the operands of the narrow's non-negated `search` terms, joined
 * with spaces as Zulip joins them (so they are ANDed). Undefined when there are none.
 */
function searchText(terms: NarrowTerm[]): string | undefined {
  const operands = terms.filter((t) => t.operator === 'search' && !t.negated).map((t) => String(t.operand));
  return operands.length > 0 ? operands.join(' ') : undefined;
}

/**
 * The conditions of the narrow's `search` terms: one for the non-negated ones together, and
 * one NOT (...) per negated term. (Zulip drops the negation of search terms; Parley honours it.)
 */
export function searchConditions(terms: NarrowTerm[], params: SqlParams): string[] {
  const conditions: string[] = [];
  const text = searchText(terms);
  if (text !== undefined) conditions.push(`m.search_tsv @@ ${tsquery(params.add(text))}`);
  for (const term of terms) {
    if (term.operator === 'search' && term.negated) {
      conditions.push(`NOT (m.search_tsv @@ ${tsquery(params.add(String(term.operand)))})`);
    }
  }
  return conditions;
}

/**
 * For a narrow with `search` terms: SQL expressions giving match_content (the rendered HTML
 * with <span class="highlight">…</span> around matching words) and match_subject (the
 * escaped topic, highlighted the same way). Undefined without a non-negated search term:
 * then there is nothing to highlight, and callers give rendered_content and ESCAPED_TOPIC_SQL.
 */
export function searchHighlights(terms: NarrowTerm[], params: SqlParams): { content: string; subject: string } | undefined {
  const text = searchText(terms);
  if (text === undefined) return undefined;
  const query = tsquery(params.add(text));
  return {
    content: `ts_headline('english', m.rendered_content, ${query}, ${HEADLINE_OPTIONS})`,
    subject: `ts_headline('english', ${ESCAPED_TOPIC_SQL}, ${query}, ${HEADLINE_OPTIONS})`,
  };
}
