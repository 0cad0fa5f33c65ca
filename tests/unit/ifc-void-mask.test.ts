import { describe, expect, it } from 'vitest';
import { maskVoids } from '../../server/services/ifc-void-mask';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('hiding the voids from web-ifc (issue #21)', () => {
  it('turns each IfcRelVoidsElement into a comment of the same length and returns its wall and opening', () => {
    const text = [
      "#33=IFCWALL('0tmonlQJXZR5QXjeafO9_a',$,'W1',$,$,#26,#32,'W1',.STANDARD.);",
      "#55=IFCRELVOIDSELEMENT('3tV53vqFWMwb710fO8LiWP',$,$,$,#33,#54);",
      "#56 = IFCRELVOIDSELEMENT ( '2BNsUP6cr6rz0zDcRhu23r', $, 'a, (b)', $, #33 , #60 ) ;",
      "#57=IFCLABEL('IFCRELVOIDSELEMENT(');",
    ].join('\n');
    const input = encode(text);
    const { masked, voids } = maskVoids(input);
    expect(voids).toEqual([
      { relId: 55, element: 33, opening: 54 },
      { relId: 56, element: 33, opening: 60 },
    ]);
    expect(masked.length).toBe(input.length);
    expect(decode(masked).split('\n')).toEqual([
      "#33=IFCWALL('0tmonlQJXZR5QXjeafO9_a',$,'W1',$,$,#26,#32,'W1',.STANDARD.);",
      "/*5=IFCRELVOIDSELEMENT('3tV53vqFWMwb710fO8LiWP',$,$,$,#33,#54*/",
      "/*6 = IFCRELVOIDSELEMENT ( '2BNsUP6cr6rz0zDcRhu23r', $, 'a, (b)', $, #33 , #60 )*/",
      "#57=IFCLABEL('IFCRELVOIDSELEMENT(');",
    ]);
    // The caller's bytes stay as they were.
    expect(decode(input)).toBe(text);
  });

  it('leaves alone what it cannot hide safely: a comment end inside, other arguments, lower case', () => {
    const text = [
      "#55=IFCRELVOIDSELEMENT('3tV53vqFWMwb710fO8LiWP',$,'*/',$,#33,#54);",
      "#56=IFCRELVOIDSELEMENT('2BNsUP6cr6rz0zDcRhu23r',$,$,$,$,#60);",
      "#58=IFCRELVOIDSELEMENT('2BNsUP6cr6rz0zDcRhu23r',$,$,#33,#60);",
      "#59=ifcrelvoidselement('2BNsUP6cr6rz0zDcRhu23r',$,$,$,#33,#60);",
    ].join('\n');
    const { masked, voids } = maskVoids(encode(text));
    expect(voids).toEqual([]);
    expect(decode(masked)).toBe(text);
  });
});
