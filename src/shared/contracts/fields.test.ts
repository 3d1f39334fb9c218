import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_EMPTY_MESSAGES } from './contact';
import { asSentence, fieldMessages, nameField, optionalEmailField } from './fields';
import { UpdateSettingsSchema } from './settings';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('the voice of validation messages', () => {
  it('tells what to enter, as the API says it and as a form shows it', () => {
    expect(nameField().safeParse(' ').error?.issues[0]?.message).toBe('enter a name');
    expect(asSentence(fieldMessages.enter("the restaurant's name"))).toBe("Enter the restaurant's name.");
    expect(optionalEmailField.safeParse('nope').error?.issues[0]?.message).toBe(fieldMessages.email);
    expect(asSentence(fieldMessages.email)).toBe('Enter an email address such as name@example.com.');
    expect(asSentence(CONTACT_EMPTY_MESSAGES.message)).toBe('Write your message.');
    expect(asSentence('done.')).toBe('Done.');
  });

  it('the restaurant settings say what to enter', () => {
    const result = UpdateSettingsSchema.safeParse({ name: '', email: 'nope' });
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages.name).toBe("enter the restaurant's name");
    expect(messages.email).toBe(fieldMessages.email);
  });

  it('no form or route speaks the old voice of what is wrong with an empty field or an address', () => {
    const old = /must not be empty|must be an e-mail address|'is required'|valid email address, like/i;
    const offenders = sourceFiles(join(__dirname, '..', '..')).filter((path) =>
      old.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
