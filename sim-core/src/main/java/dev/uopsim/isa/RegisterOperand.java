package dev.uopsim.isa;

public record RegisterOperand(Register register) implements Operand {
    @Override
    public String text() { return register.name(); }
}
