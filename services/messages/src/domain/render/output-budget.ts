import { LIMITS } from '@parley/common';

/**
 * The most HTML one message may render to: Zulip refuses a message whose rendered content
 * passes 100 times its longest text (MAX_MESSAGE_LENGTH * 100), as "Unable to render message".
 * Counted in UTF-16 code units (Zulip counts code points: the same for the ASCII HTML that TeX
 * and code highlighting write, which are what grow).
 */
export const MAX_RENDERED_CHARS = LIMITS.max_message_length * 100;

/** A rendering wrote more than MAX_RENDERED_CHARS (renderMessage): the message is refused, as Zulip refuses it. */
export class RenderTooLargeError extends Error {
  constructor() {
    super(`Rendered content exceeds ${MAX_RENDERED_CHARS} characters`);
    this.name = 'RenderTooLargeError';
  }
}

/**
 * What one rendering may still write. The rules whose output grows far beyond their input (TeX:
 * three characters of `x^2` make 800 of KaTeX; highlighted code) spend from it as they go, so a
 * message that would pass the cap stops there, not after rendering all of it; the whole HTML
 * is measured at the end (`spendWhole`). Once past, `exceeded` says so, whatever error the
 * Markdown parser made of the throw on its way out.
 */
export class OutputBudget {
  private spent = 0;
  exceeded = false;

  constructor(private readonly cap = MAX_RENDERED_CHARS) {}

  /** `html`, counted; throws once the rendering has written more than the cap. */
  spend(html: string): string {
    this.spent += html.length;
    return this.within(html, this.spent);
  }

  /** The rendering's whole HTML, measured on its own (the parts spent are inside it). */
  spendWhole(html: string): string {
    return this.within(html, html.length);
  }

  private within(html: string, written: number): string {
    if (written <= this.cap) return html;
    this.exceeded = true;
    throw new RenderTooLargeError();
  }
}
