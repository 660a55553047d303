package reconnect_test

import (
	"errors"
	"fmt"

	"github.com/recoverlint/recoverlint/reconnect"
)

func ExampleBuild() {
	p, err := reconnect.Build(reconnect.Request{
		Namespaces: []string{"gitea-author"},
		Reason:     "transport closed",
		Client:     "claude-code",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.ReconnectNeeded, p.Reason, p.BoundaryStatus, p.BlockerKind)
	fmt.Println(p.OperatorUISteps[1])
	// Output:
	// true transport_eof unknown operator_mcp_reconnect_required
	// Select the MCP server 'gitea-author' and choose Reconnect.
}

func ExampleBuild_refused() {
	_, err := reconnect.Build(reconnect.Request{Namespaces: []string{"gitea author"}})
	var fe *reconnect.FieldError
	if errors.As(err, &fe) {
		fmt.Println(fe.Field)
		fmt.Println(fe.Problem)
	}
	// Output:
	// namespace
	// must be ASCII letters, digits, '.', '_' or '-', starting with a letter or digit
}
