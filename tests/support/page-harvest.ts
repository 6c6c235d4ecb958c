import { formTarget, type Vocabulary } from "./hostile-input";

/**
 * What the portal's own pages tell a visitor about its routes: the forms (their fields, where they
 * submit, with which method), the links, and every value offered. The hostile input walk starts
 * its generated requests from these, so a new form or route is covered without being listed.
 * Server-rendered HTML of one application, read with regular expressions: enough for that.
 */

export interface FormControl {
  name: string;
  value: string | null;
  type: string;
}

export interface PageForm {
  method: "get" | "post";
  /** The pathname the form submits to. */
  target: string;
  controls: FormControl[];
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of tag.matchAll(/([a-zA-Z][\w:-]*)="([^"]*)"/g)) attributes.set(name.toLowerCase(), decodeEntities(value));
  return attributes;
}

/** The forms of a page, with the controls inside each and those outside that name it (form="id"). */
export function formsOf(html: string, base: string, pagePath: string): PageForm[] {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((match) => {
    const attributes = attributesOf(match[1]);
    const action = attributes.get("action");
    return {
      id: attributes.get("id") ?? null,
      start: match.index,
      end: match.index + match[0].length,
      form: {
        method: attributes.get("method")?.toLowerCase() === "post" ? "post" : "get",
        target: new URL(action || pagePath, base).pathname,
        controls: [],
      } as PageForm,
    };
  });
  for (const match of html.matchAll(/<(input|select|textarea|button)\b([^>]*)>/g)) {
    const attributes = attributesOf(match[2]);
    const name = attributes.get("name");
    if (!name) continue;
    const owner = attributes.has("form")
      ? forms.find((form) => form.id === attributes.get("form"))
      : forms.find((form) => form.start < match.index && match.index < form.end);
    owner?.form.controls.push({ name, value: attributes.get("value") ?? null, type: (attributes.get("type") ?? match[1]).toLowerCase() });
  }
  return forms.map((form) => form.form);
}

/**
 * The queries a GET form sends as its page renders it (hidden and filled-in values), once per box of
 * its first checkbox or radio name (a selection of one row, up to `max` of them), the other such
 * names taking their first box.
 */
export function formSubmissions(form: PageForm, max: number): string[] {
  const boxes = form.controls.filter((control) => (control.type === "checkbox" || control.type === "radio") && control.value !== null);
  const chosenName = boxes[0]?.name;
  const choices = chosenName === undefined ? [null] : boxes.filter((box) => box.name === chosenName).slice(0, max);
  return choices.map((choice) => {
    const query = new URLSearchParams();
    const taken = new Set<string>();
    for (const control of form.controls) {
      if (control.value === null || control.type === "submit" || control.type === "button") continue;
      if (control.type === "checkbox" || control.type === "radio") {
        if (control.name === chosenName ? control !== choice : taken.has(control.name)) continue;
        taken.add(control.name);
      }
      query.append(control.name, control.value);
    }
    return query.toString();
  });
}

/** Same-origin links of a page, as paths with their queries (never the identity provider's). */
export function linksOf(html: string, base: string): string[] {
  const origin = new URL(base).origin;
  const links: string[] = [];
  for (const [, href] of html.matchAll(/\bhref="([^"]+)"/g)) {
    const decoded = decodeEntities(href);
    if (!URL.canParse(decoded, base)) continue;
    const url = new URL(decoded, base);
    if (url.origin !== origin || url.pathname.startsWith("/oidc") || url.pathname.startsWith("/build/")) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

/** Field names, the fields of each form by where it submits, link parameters and every value the pages offer. */
export class VocabularyHarvest {
  private readonly names = new Set<string>();
  private readonly linkValues = new Set<string>();
  private readonly offered = new Set<string>();
  private readonly forms = new Map<string, Set<string>>();

  add(html: string, base: string, pagePath: string): void {
    for (const form of formsOf(html, base, pagePath)) {
      const fields = this.forms.get(formTarget(form.target)) ?? new Set<string>();
      for (const control of form.controls) fields.add(control.name);
      this.forms.set(formTarget(form.target), fields);
    }
    for (const [, name] of html.matchAll(/\bname="([^"]{1,80})"/g)) this.names.add(decodeEntities(name));
    for (const [, value] of html.matchAll(/\bvalue="([^"]{0,400})"/g)) this.offered.add(decodeEntities(value));
    for (const link of linksOf(html, base)) {
      for (const [name, value] of new URL(link, base).searchParams) {
        this.names.add(name);
        this.linkValues.add(value);
        this.offered.add(value);
      }
    }
  }

  vocabulary(): Vocabulary {
    this.offered.delete("");
    return {
      names: [...this.names].sort(),
      linkValues: [...this.linkValues].sort().slice(0, 400),
      offeredValues: this.offered,
      formFields: new Map([...this.forms].map(([target, fields]) => [target, [...fields].sort()])),
    };
  }
}
