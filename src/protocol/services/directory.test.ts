import { describe, expect, it } from 'vitest';
import { DIRECTORY_CALLS, directoryCommands, directoryPath } from './directory';

describe('the directory call table, as the server reads it', () => {
  it('names each path the server serves, and the commands each takes', () => {
    expect(directoryPath(DIRECTORY_CALLS.bindLogin)).toBe('/login/ulogin');
    expect(directoryCommands('/login/ulogin').sort()).toEqual(['auth', 'captcha']);
    expect(directoryCommands('/login/location')).toEqual(['lookup']);
    expect(directoryCommands('/regist')).toEqual(['register']);
    expect(directoryCommands('/resource/userdata').sort()).toEqual(['download', 'get']);
    expect(directoryCommands('/nowhere')).toEqual([]);
  });
});
