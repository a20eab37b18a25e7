package dev.uopsim.sim.view;

/**
 * Makes a view by short name ({@code --view ports}). Implementations are found with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.uopsim.sim.view.ViewFactory}), so a
 * module can add a view without the command knowing it.
 */
public interface ViewFactory {
    /** The short name on the command line, e.g. {@code ports}. */
    String name();

    /** One line for the command's help. */
    String description();

    View create(ViewContext context);
}
