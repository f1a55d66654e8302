/**
 * Facts a language finds about a site before it is rated, in a form every scorer, the synthesis and the
 * renderers read without knowing the language: the object a value of the question's type indexes, the
 * object literal a key belongs to, the property a value is given to, and so on. The language folders
 * (behind the contract in language.ts) produce them; nothing here reads code.
 */

export interface AnnotatedObject {
  /** 1-based line of the declaration's head (`export const BY_NUMBER: InvertKeyValue<`). */
  line: number;
  /** The object's name (`BY_NUMBER`). */
  name: string;
  /** The annotation as written, cut short (`InvertKeyValue<typeof CODES>`). */
  type: string;
  /** true: the generic maps every variant to a key (the object needs an entry for a new one); false: it does not; null: could not tell. */
  requiresEveryKey: boolean | null;
}

export interface AssignedObject {
  /** The assigned expression's last name (`componentSeverities` in `options.componentSeverities`). */
  name: string;
  type: string;
  keys: KeySet;
}

/** The object literal a computed key belongs to. */
export interface BuiltObject {
  /** 1-based line of the literal's head (`export const NEEDS_KEY: KeyRequirement = {`). */
  line: number;
  /** The name the object is given to (`NEEDS_KEY`, `_streams`), or null (`return {`). */
  name: string | null;
  /** Its type as written or reported, cut short; null when unknown. */
  type: string | null;
  /** true: the type requires an entry per variant; false: it does not; null: could not tell. */
  requiresEveryKey: boolean | null;
}

export interface Destination {
  /** The receiving property (`severity`). */
  name: string;
  /** Its type as the server reports it, cut short. */
  type: string;
  room: Room;
}

export type Room = 'fits' | 'no_room' | 'unknown';

/** The object indexed at a site, its type as the server shows it, and whether that type lists its keys. */
export interface IndexedObject {
  /** The object expression's last name (`queues` in `this.queues[type]`). */
  name: string;
  /** Its type, as one line, cut to a readable length. */
  type: string;
  keys: KeySet;
  /**
   * false when every declaration of the indexing value names specific variants (`kind: Kind.A` on each
   * member of `A | B`): a new variant never reaches this access. true otherwise (declared as the union,
   * a type parameter, or inferred).
   */
  valueCarriesAny: boolean;
  /** `relpath:line` of the named type that lists the keys (`interface Queues`), when it has one in the repository. */
  declaredAt?: string;
}

export type KeySet = 'listed' | 'open' | 'unknown';

/**
 * Whether a key site inside a Record or mapped type over the question's type only declares a type
 * (`type Prices = Record<Kind, number>`: the objects built with it break elsewhere) or builds a value
 * there (`const PRICES: Record<Kind, number> = {…}`: this object lacks the new key).
 */
export type RecordSite = 'declares_type' | 'builds_value';

/** What a language reads from a site's own code when the link is made (no server, no index). */
export interface SyntaxFacts {
  /** Set at a key inside a Record / mapped type over the question's type; null elsewhere. */
  record: RecordSite | null;
  /** The Record / mapped type at this site requires a key per member (not `Partial<…>`). */
  recordRequiresEveryKey: boolean;
}

export const NO_SYNTAX_FACTS: SyntaxFacts = { record: null, recordRequiresEveryKey: false };

/** One member of a type with variants, as code spells it. */
export interface Member {
  /** `OpenAI` (an enum member), `'openai'`'s text `openai` (a literal union's member), `Circle` (a union of named types). */
  name: string;
  /** The member's value as written without quotes (`openai`, `3`), or null (computed, `auto()`, none). */
  value: string | null;
  /** True when the value is a string literal (a mirror of it elsewhere is a string too). */
  valueIsString: boolean;
  /** How code names the member: `LLMKind.OpenAI` for an enum member; null when code writes the value itself (`'openai'`) or the bare name. */
  qualified: string | null;
}

/** The members of the type a question asks about, read from its declaration by the language. */
export interface MemberSet {
  type: string;
  /** Repository-relative file and 1-based lines of the declaration (its own lines list the members: they are not sites). */
  file: string;
  startLine: number;
  endLine: number;
  /** `enum`, `literal union`, `tagged union (kind)`, `union of types`, `Enum class`, `Literal alias`. */
  shape: string;
  members: Member[];
}
