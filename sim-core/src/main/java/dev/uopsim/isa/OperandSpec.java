package dev.uopsim.isa;

/**
 * One operand of a form: its kind and access, and for an explicit operand the slot it is encoded
 * in. Implicit operands have a {@link #register()} (fixed register) or a {@link #memory()}.
 *
 * @param agenShape for LEA's address operand, the address shape uops.info names it by
 *                  ({@code B_IS_D8}: base, scaled index, 8-bit displacement); null otherwise
 */
public record OperandSpec(OperandKind kind, Access access, Slot slot, boolean implicit,
                          Register register, ImplicitMemory memory, String agenShape) {

    public static OperandSpec explicit(OperandKind kind, Access access, Slot slot) {
        return new OperandSpec(kind, access, slot, false, kind.fixed(), null, null);
    }

    public static OperandSpec implicitRegister(Register register, Access access) {
        return new OperandSpec(OperandKind.parse(register.name().toUpperCase()), access, Slot.IMPLIED, true, register, null, null);
    }

    public static OperandSpec implicitMemory(ImplicitMemory memory, Access access) {
        return new OperandSpec(OperandKind.parse("M" + memory.width()), access, Slot.IMPLIED, true, null, memory, null);
    }

    public static OperandSpec address(String shape) {
        return new OperandSpec(OperandKind.parse("AGEN"), Access.NONE, Slot.RM, false, null, null, shape);
    }

    @Override
    public String toString() {
        String what = register != null && implicit ? register.name().toUpperCase()
                : memory != null ? memory.toString() : kind.name() + (agenShape != null ? "[" + agenShape + "]" : "");
        return access.code() + ":" + what;
    }
}
