import { describe, expect, it } from 'vitest';
import {
  createUserBodySchema,
  createUserFormSchema,
  editUserFormSchema,
  editUserWithPasswordFormSchema,
  updateUserSchemaFor,
  updateUserBodySchema,
  updateUserWithPasswordBodySchema,
  userSchema,
} from './user.js';
import { messagesByPath } from './test-utils.js';

const RULE =
  'Mínimo 8 caracteres, incluir una mayúscula, una minúscula y un carácter especial .-#$!';
const validCreate = {
  name: 'Ana',
  lastName: 'Pérez',
  email: 'ana@example.com',
  password: 'Secreto.1',
  confirmPassword: 'Secreto.1',
  role: 'vendor',
  photo: '',
};

describe('§5 Create user', () => {
  it('accepts a complete form', () => {
    expect(createUserFormSchema.safeParse(validCreate).success).toBe(true);
  });

  it('gives every "required" message of an empty form', () => {
    const empty = {
      name: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      role: 'vendor',
    };
    expect(messagesByPath(createUserFormSchema, empty)).toEqual({
      name: ['El nombre es requerido'],
      lastName: ['El apellido es requerido'],
      email: ['Correo es requerido'],
      password: ['El campo Contraseña es requerido'],
      confirmPassword: ['El campo Confirmar contraseña es requerido'],
    });
  });

  it('treats blanks as empty', () => {
    expect(messagesByPath(createUserFormSchema, { ...validCreate, name: '   ' })).toEqual({
      name: ['El nombre es requerido'],
    });
  });

  it('says "Formato de correo inválido" for a malformed email', () => {
    expect(messagesByPath(createUserFormSchema, { ...validCreate, email: 'ana@' })).toEqual({
      email: ['Formato de correo inválido'],
    });
  });

  it.each([
    ['too short', 'Ab.1234'],
    ['no uppercase', 'secreto.1'],
    ['no lowercase', 'SECRETO.1'],
    ['no special character', 'Secreto12'],
    ['a special character outside .-#$!', 'Secreto@1'],
  ])('applies the password rule: %s', (_case, password) => {
    expect(
      messagesByPath(createUserFormSchema, { ...validCreate, password, confirmPassword: password }),
    ).toEqual({
      password: [RULE],
    });
  });

  it.each(['Abcdefg.', 'Abcdefg-', 'Abcdefg#', 'Abcdefg$', 'Abcdefg!'])(
    'accepts %s',
    (password) => {
      expect(
        createUserFormSchema.safeParse({ ...validCreate, password, confirmPassword: password })
          .success,
      ).toBe(true);
    },
  );

  it('says "Las contraseñas no coinciden" when the confirmation differs, even with other errors', () => {
    expect(
      messagesByPath(createUserFormSchema, {
        ...validCreate,
        name: '',
        confirmPassword: 'Secreto.2',
      }),
    ).toEqual({
      name: ['El nombre es requerido'],
      confirmPassword: ['Las contraseñas no coinciden'],
    });
  });

  it('the API payload has no confirmPassword, keeps photo empty by default and needs a known role', () => {
    const { confirmPassword: _ignored, photo: _photo, ...body } = validCreate;
    expect(createUserBodySchema.parse(body)).toEqual({ ...body, photo: '' });
    expect(messagesByPath(createUserBodySchema, { ...body, role: 'boss' })).toEqual({
      role: ['Role must be one of: system admin, vendor, driver'],
    });
  });
});

describe('§5 Edit user without a password change', () => {
  const valid = { name: 'Ana', lastName: 'Pérez', email: 'ana@example.com', role: 'driver' };

  it('gives the edit-user messages, typo included', () => {
    expect(
      messagesByPath(editUserFormSchema, { ...valid, name: '', lastName: '', email: '' }),
    ).toEqual({
      name: ['Nombre es requerido'],
      lastName: ['Apellido es requerido'],
      email: ['Correo es requerido'],
    });
    expect(messagesByPath(editUserFormSchema, { ...valid, email: 'nope' })).toEqual({
      email: ['Formato de correo iválido'],
    });
  });

  it('uses the create-user rules when the password changes', () => {
    const withPassword = { ...valid, name: '', password: 'short', confirmPassword: 'other' };
    expect(messagesByPath(editUserWithPasswordFormSchema, withPassword)).toEqual({
      name: ['El nombre es requerido'],
      password: [RULE],
      confirmPassword: ['Las contraseñas no coinciden'],
    });
    expect(updateUserSchemaFor({ ...valid, password: 'x' })).toBe(updateUserWithPasswordBodySchema);
    expect(updateUserSchemaFor(valid)).toBe(updateUserBodySchema);
  });
});

describe('User entity', () => {
  it('has no password field to leak', () => {
    const parsed = userSchema.parse({
      _id: '0123456789abcdef01234567',
      name: 'Ana',
      lastName: 'Pérez',
      email: 'ana@example.com',
      role: 'vendor',
      photo: '',
      events: [],
      password: '$2b$10$hash',
    });
    expect(parsed).not.toHaveProperty('password');
  });
});
