// Words a person reads live in a catalogue of @crm/shared, each feature's beside its schemas
// (issue 34 item 5, docs/web.md "Words"), never inline in a component. This rule reports, in the
// web app's components:
//   - JSX text with a letter in it: <p>Guardar</p>;
//   - a string with a letter as an element's child: <p>{'Guardar'}</p>, <p>{`Hola ${name}`}</p>;
//   - a user-facing attribute written as a string with a letter: aria-label, title, placeholder,
//     alt, label ("aria-label='Cerrar'").
// Allowed: text without a letter (punctuation, symbols, digits, spaces: "·", "—", "(", "…", "×",
// "+", "%", "1–5"), so a component may still join catalogue words with them.
const LETTER = /\p{L}/u;
const USER_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);

const textOf = (node) => {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((quasi) => quasi.value.cooked).join('');
  return undefined;
};

export const noInlineWords = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Words a person reads come from a catalogue of @crm/shared.' },
    messages: {
      text: 'Words a person reads go in a catalogue of @crm/shared (docs/web.md "Words"), not inline: "{{text}}".',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({
        node,
        messageId: 'text',
        data: { text: text.trim().replace(/\s+/g, ' ').slice(0, 40) },
      });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = textOf(node.expression);
        if (text !== undefined && LETTER.test(text)) report(node, text);
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !USER_ATTRIBUTES.has(node.name.name)) return;
        const value =
          node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = value ? textOf(value) : undefined;
        if (text !== undefined && LETTER.test(text)) report(node, text);
      },
    };
  },
};

export const wordsPlugin = { rules: { 'no-inline-words': noInlineWords } };
